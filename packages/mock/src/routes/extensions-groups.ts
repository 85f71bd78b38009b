// The routes of the reference groups that `@platform/api-extensions` calls: extensions (with the
// extension Bits products), analytics and entitlements, with their controls on `MockPlatform`.
// Each group is `<group>Routes` + `<Group>State` + `<group>Controls` (see controls.ts).
import { bindControls, serveGroup, type ServedGroup } from '../controls';
import type { Router } from '../http';
import { registerRoutes, type HelixContext } from '../helix';
import { analyticsControls, analyticsRoutes, AnalyticsState, type AnalyticsControl } from './analytics';
import { entitlementsControls, entitlementsRoutes, EntitlementsState, type EntitlementsControl } from './entitlements';
import { extensionsControls, extensionsJwtRoutes, extensionsRoutes, type ExtensionsControl } from './extensions';
import { ExtensionsState, registerJwtRoutes } from './extensions-state';

/** The controls these groups add to `MockPlatform` (what no API call does). */
export interface ExtensionsGroupsControls {
  /** Extensions: `add({ clientId, ownerId, name, version, ... })`, `jwt(clientId, claims?)`, `setLive()`, the messages sent... */
  readonly extensions: ExtensionsControl;
  /** Analytics: `addExtensionReport({ id, owner_id, url? })`, `addGameReport(...)`. */
  readonly analytics: AnalyticsControl;
  /** Entitlements: `addOrganization({ games, clients })`, `grant({ user_id, game_id })`, `failNextUpdate(id)`. */
  readonly entitlements: EntitlementsControl;
}

/** Registers every route of these groups; returns their controls, and their tables for `/mock/`. */
export function registerExtensionsGroups(router: Router, context: HelixContext): { controls: ExtensionsGroupsControls; served: ServedGroup[] } {
  const extensions = new ExtensionsState(context);
  registerJwtRoutes(router, extensions, extensionsJwtRoutes);
  registerRoutes(router, context, extensionsRoutes, extensions);
  const analytics = new AnalyticsState(context);
  registerRoutes(router, context, analyticsRoutes, analytics);
  const entitlements = new EntitlementsState(context);
  registerRoutes(router, context, entitlementsRoutes, entitlements);
  return {
    controls: {
      extensions: bindControls(extensionsControls, extensions),
      analytics: bindControls(analyticsControls, analytics),
      entitlements: bindControls(entitlementsControls, entitlements),
    },
    served: [
      serveGroup('extensions', 'extensions', extensionsControls, extensions),
      serveGroup('analytics', 'analytics', analyticsControls, analytics),
      serveGroup('entitlements', 'entitlements', entitlementsControls, entitlements),
    ],
  };
}
