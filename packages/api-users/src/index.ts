// The public surface of @platform/api-users: every operation (function, declaration, parameter type) of the
// users, channels, teams, search, games, contentClassificationLabels and whispers groups, and their resource types.
export { users, usersOperation, type UsersParams } from './operations/users';
export { updateUser, updateUserOperation, type UpdateUserParams } from './operations/update-user';
export { blockList, blockListOperation, type BlockListParams } from './operations/block-list';
export { blockUser, blockUserOperation, type BlockUserParams } from './operations/block-user';
export { unblockUser, unblockUserOperation, type UnblockUserParams } from './operations/unblock-user';
export { userExtensions, userExtensionsOperation, type UserExtensionsParams } from './operations/user-extensions';
export { activeExtensions, activeExtensionsOperation, type ActiveExtensionsParams } from './operations/active-extensions';
export { updateUserExtensions, updateUserExtensionsOperation, type UpdateUserExtensionsParams } from './operations/update-user-extensions';
export { authorizationByUser, authorizationByUserOperation, type AuthorizationByUserParams } from './operations/authorization-by-user';
export { channelInformation, channelInformationOperation, type ChannelInformationParams } from './operations/channel-information';
export { updateChannel, updateChannelOperation, type UpdateChannelParams } from './operations/update-channel';
export { channelEditors, channelEditorsOperation, type ChannelEditorsParams } from './operations/channel-editors';
export { followedChannels, followedChannelsOperation, type FollowedChannelsParams } from './operations/followed-channels';
export { channelFollowers, channelFollowersOperation, type ChannelFollowersParams } from './operations/channel-followers';
export { channelTeams, channelTeamsOperation, type ChannelTeamsParams } from './operations/channel-teams';
export { teams, teamsOperation, type TeamsParams } from './operations/teams';
export { searchCategories, searchCategoriesOperation, type SearchCategoriesParams } from './operations/search-categories';
export { searchChannels, searchChannelsOperation, type SearchChannelsParams } from './operations/search-channels';
export { topGames, topGamesOperation, type TopGamesParams } from './operations/top-games';
export { games, gamesOperation, type GamesParams } from './operations/games';
export {
  contentClassificationLabels,
  contentClassificationLabelsOperation,
  type ContentClassificationLabelsParams,
} from './operations/content-classification-labels';
export { sendWhisper, sendWhisperOperation, type SendWhisperParams } from './operations/send-whisper';
export type {
  UserType,
  BroadcasterType,
  User,
  BlockedUser,
  BlockSourceContext,
  BlockReason,
  UserExtensionType,
  UserExtension,
  ActiveExtension,
  ActiveComponentExtension,
  InactiveExtensionSlot,
  UserActiveExtensions,
  ExtensionSlotUpdate,
  ComponentSlotUpdate,
  UserAuthorization,
  ContentClassificationLabelId,
  SettableContentClassificationLabelId,
  ContentClassificationLabelSetting,
  ChannelInformation,
  ChannelEditor,
  FollowedChannel,
  FollowedChannelPage,
  ChannelFollower,
  ChannelFollowerPage,
  TeamFields,
  ChannelTeam,
  TeamMember,
  Team,
  Category,
  SearchedChannel,
  Game,
  ContentClassificationLabel,
} from './types';
