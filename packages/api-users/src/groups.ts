// `@platform/api-users/groups`, the operation groups of the package as data: each object lists the
// operations that `Platform` binds as one group (`client.users`, `client.channels`, `client.teams`,
// `client.search`, `client.games`, `client.contentClassificationLabels`, `client.whispers`), so a new
// operation is added here, in its own package. A subpath of its own keeps this data out of the
// package's index, and so out of the names `@platform/client` re-exports.
import { users } from './operations/users';
import { updateUser } from './operations/update-user';
import { blockList } from './operations/block-list';
import { blockUser } from './operations/block-user';
import { unblockUser } from './operations/unblock-user';
import { userExtensions } from './operations/user-extensions';
import { activeExtensions } from './operations/active-extensions';
import { updateUserExtensions } from './operations/update-user-extensions';
import { authorizationByUser } from './operations/authorization-by-user';
import { channelInformation } from './operations/channel-information';
import { updateChannel } from './operations/update-channel';
import { channelEditors } from './operations/channel-editors';
import { followedChannels } from './operations/followed-channels';
import { channelFollowers } from './operations/channel-followers';
import { channelTeams } from './operations/channel-teams';
import { teams } from './operations/teams';
import { searchCategories } from './operations/search-categories';
import { searchChannels } from './operations/search-channels';
import { topGames } from './operations/top-games';
import { games } from './operations/games';
import { contentClassificationLabels } from './operations/content-classification-labels';
import { sendWhisper } from './operations/send-whisper';

/** The users operations, as `client.users` binds them. */
export const usersGroup = {
  /** Gets users by ID, by login name, or both ({@link users}). */
  users,
  /** Updates the description of the token user's channel ({@link updateUser}). */
  updateUser,
  /** Lists the users a broadcaster has blocked ({@link blockList}). */
  blockList,
  /** Blocks a user from interacting with the token's user ({@link blockUser}). */
  blockUser,
  /** Removes a user from the token user's block list ({@link unblockUser}). */
  unblockUser,
  /** Lists every extension the token's broadcaster has installed ({@link userExtensions}). */
  userExtensions,
  /** Gets the extensions active in each slot of a broadcaster's channel ({@link activeExtensions}). */
  activeExtensions,
  /** Activates, moves or deactivates extensions in the token user's slots ({@link updateUserExtensions}). */
  updateUserExtensions,
  /** Gets the scopes each user has granted the application ({@link authorizationByUser}). */
  authorizationByUser,
} as const;

/** The channels operations, as `client.channels` binds them. */
export const channelsGroup = {
  /** Gets the information of channels: title, game, language, tags, labels ({@link channelInformation}). */
  channelInformation,
  /** Changes a channel's information ({@link updateChannel}). */
  updateChannel,
  /** Lists the users who may edit a broadcaster's channel ({@link channelEditors}). */
  channelEditors,
  /** Lists the broadcasters a user follows ({@link followedChannels}). */
  followedChannels,
  /** Lists the users who follow a broadcaster ({@link channelFollowers}). */
  channelFollowers,
} as const;

/** The teams operations, as `client.teams` binds them. */
export const teamsGroup = {
  /** Lists the teams a broadcaster belongs to ({@link channelTeams}). */
  channelTeams,
  /** Gets a team and its members, by name or by ID ({@link teams}). */
  teams,
} as const;

/** The search operations, as `client.search` binds them. */
export const searchGroup = {
  /** Finds games and categories by name ({@link searchCategories}). */
  searchCategories,
  /** Finds channels by name, or live channels by name or category ({@link searchChannels}). */
  searchChannels,
} as const;

/** The games operations, as `client.games` binds them. */
export const gamesGroup = {
  /** Lists the games and categories with the most viewers now ({@link topGames}). */
  topGames,
  /** Gets games and categories by ID, exact name or IGDB ID ({@link games}). */
  games,
} as const;

/** The content classification labels operation, as `client.contentClassificationLabels` binds it. */
export const contentClassificationLabelsGroup = {
  /** Lists the content classification labels a channel can carry ({@link contentClassificationLabels}). */
  contentClassificationLabels,
} as const;

/** The whispers operation, as `client.whispers` binds it. */
export const whispersGroup = {
  /** Sends a whisper (a private message) to a user ({@link sendWhisper}). */
  sendWhisper,
} as const;
