// The routes of the reference groups that `@platform/api-extensions` calls: extensions (with the
// extension Bits products), analytics and entitlements, with their controls on `MockPlatform`.
import type { Router } from '../http';
import type { HelixContext } from '../helix';
import { registerAnalyticsRoutes, type AnalyticsControl } from './analytics';
import { registerEntitlementRoutes, type EntitlementsControl } from './entitlements';
import { registerExtensionRoutes, type ExtensionsControl } from './extensions';

/** The controls these groups add to `MockPlatform` (what no API call does). */
export interface ExtensionsGroupsControls {
  /** Extensions: `add({ clientId, ownerId, name, version, ... })`, `jwt(clientId, claims?)`, `setLive()`, the messages sent... */
  readonly extensions: ExtensionsControl;
  /** Analytics: `addExtensionReport({ id, owner_id, url? })`, `addGameReport(...)`. */
  readonly analytics: AnalyticsControl;
  /** Entitlements: `addOrganization({ games, clients })`, `grant({ user_id, game_id })`, `failNextUpdate(id)`. */
  readonly entitlements: EntitlementsControl;
}

/** Registers every route of these groups and returns their controls. */
export function registerExtensionsGroups(router: Router, context: HelixContext): ExtensionsGroupsControls {
  const extensions = registerExtensionRoutes(router, context);
  const analytics = registerAnalyticsRoutes(router, context);
  const entitlements = registerEntitlementRoutes(router, context);
  return { extensions, analytics, entitlements };
}
