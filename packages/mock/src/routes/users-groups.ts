// The routes of the reference groups that `@platform/api-users` calls: users, channels, teams,
// search, games, content classification labels and whispers, with their controls on `MockPlatform`.
import type { Router } from '../http';
import type { HelixContext } from '../helix';
import { registerUserRoutes } from './users';

/** The controls these groups add to `MockPlatform` (what no API call does). */
export type UsersGroupsControls = Record<never, never>;

/** Registers every route of these groups and returns their controls. */
export function registerUsersGroups(router: Router, context: HelixContext): UsersGroupsControls {
  registerUserRoutes(router, context);
  return {};
}
