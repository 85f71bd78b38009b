// The routes of the reference groups that `@platform/api-users` calls: users, channels, teams,
// search, games, content classification labels and whispers, with their controls on `MockPlatform`.
// Each group is `<group>Routes` + `<Group>State` + `<group>Controls` (see controls.ts); search,
// content classification labels and whispers have routes only.
import { bindControls, serveGroup, type ServedGroup } from '../controls';
import type { Router } from '../http';
import { registerRoutes, type HelixContext } from '../helix';
import { channelsControls, channelsRoutes, ChannelsState, type ChannelsControl } from './channels';
import { contentClassificationLabelsRoutes } from './content-classification-labels';
import { gamesControls, gamesRoutes, GamesState, type GamesControl } from './games';
import { searchRoutes } from './search';
import { teamsControls, teamsRoutes, TeamsState, type TeamsControl } from './teams';
import type { UsersControl } from './user-extensions';
import { usersControls, usersRoutes, UsersState } from './users';
import { whispersRoutes, WhispersState } from './whispers';

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

/** Registers every route of these groups; returns their controls, and their tables for `/mock/`. */
export function registerUsersGroups(router: Router, context: HelixContext): { controls: UsersGroupsControls; served: ServedGroup[] } {
  const users = new UsersState(context);
  registerRoutes(router, context, usersRoutes, users);
  const channels = new ChannelsState(context);
  registerRoutes(router, context, channelsRoutes, channels);
  const teams = new TeamsState(context);
  registerRoutes(router, context, teamsRoutes, teams);
  registerRoutes(router, context, searchRoutes);
  const games = new GamesState(context);
  registerRoutes(router, context, gamesRoutes, games);
  registerRoutes(router, context, contentClassificationLabelsRoutes);
  registerRoutes(router, context, whispersRoutes, new WhispersState(context, users));
  return {
    controls: {
      users: bindControls(usersControls, users),
      channels: bindControls(channelsControls, channels),
      teams: bindControls(teamsControls, teams),
      games: bindControls(gamesControls, games),
    },
    served: [
      serveGroup('users', 'users', usersControls, users),
      serveGroup('channels', 'channels', channelsControls, channels),
      serveGroup('teams', 'teams', teamsControls, teams),
      serveGroup('games', 'games', gamesControls, games),
    ],
  };
}
