// The routes of the reference groups that `@platform/api-users` calls: users, channels, teams,
// search, games, content classification labels and whispers, with their controls on `MockPlatform`.
import type { Router } from '../http';
import type { HelixContext } from '../helix';
import { registerChannelRoutes, type ChannelsControl } from './channels';
import { registerContentClassificationLabelRoutes } from './content-classification-labels';
import { registerGameRoutes, type GamesControl } from './games';
import { registerSearchRoutes } from './search';
import { registerTeamRoutes, type TeamsControl } from './teams';
import { registerUserExtensionRoutes, type UsersControl } from './user-extensions';
import { registerUserRoutes } from './users';
import { registerWhisperRoutes } from './whispers';

/** The controls these groups add to `MockPlatform` (what no API call does). */
export interface UsersGroupsControls {
  /** Users: `installExtension(userId, { id, version, name, type })`, `uninstallExtension()`. */
  readonly users: UsersControl;
  /** Channels: `follow(userId, broadcasterId)`, `unfollow()`, `addEditor(broadcasterId, userId)`, `removeEditor()`. */
  readonly channels: ChannelsControl;
  /** Teams: `add({ name, members })`, `addMember()`, `removeMember()`. */
  readonly teams: TeamsControl;
  /** Games: `add({ name, viewers })`, `setViewers()`, `viewersOf()`. */
  readonly games: GamesControl;
}

/** Registers every route of these groups and returns their controls. */
export function registerUsersGroups(router: Router, context: HelixContext): UsersGroupsControls {
  const userRoutes = registerUserRoutes(router, context);
  const users = registerUserExtensionRoutes(router, context);
  const channels = registerChannelRoutes(router, context);
  const teams = registerTeamRoutes(router, context);
  registerSearchRoutes(router, context);
  const games = registerGameRoutes(router, context);
  registerContentClassificationLabelRoutes(router, context);
  registerWhisperRoutes(router, context, userRoutes);
  return { users, channels, teams, games };
}
