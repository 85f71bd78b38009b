import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { choice, noContent, ok, page, repeated, requireTokenUser, type HelixContext, type RouteRow } from '../helix';
import type { MockUser } from '../state';
import {
  EXTENSION_TYPES,
  SLOT_COUNTS,
  SLOT_TYPES,
  deactivate,
  userExtensionsRoutes,
  type ExtensionSlotType,
  type InstalledExtension,
  type InstallExtensionInput,
  type UserExtensions,
  type UsersControl,
} from './user-extensions';

/*
 * The Users group of the reference: Get Users, Update User, the block list and Get Authorization
 * By User here, the extension routes in routes/user-extensions.ts; one state for both. The whisper
 * route asks it whether a recipient has blocked the sender.
 */

/** The longest description Update User takes. */
const MAX_DESCRIPTION = 300;
/** How many IDs and logins Get Users takes together. */
const MAX_USER_LOOKUPS = 100;
/** How many users Get Authorization By User takes. */
const MAX_AUTHORIZATION_USERS = 10;
const BLOCK_PAGE = { defaultFirst: 20, maxFirst: 100 };
const SOURCE_CONTEXTS = ['chat', 'whisper'];
const BLOCK_REASONS = ['harassment', 'spam', 'other'];

/** One entry of a user's block list. */
export interface BlockRecord {
  /** The blocked user's ID. */
  user_id: string;
  /** Where the harassment took place (`chat` or `whisper`), if given. */
  source_context: string | undefined;
  /** Why the user is blocked (`harassment`, `spam` or `other`), if given. */
  reason: string | undefined;
  /** Epoch ms. */
  blocked_at: number;
}

/** What the users routes share with the other routes of these groups. */
export interface UserRoutes {
  /** Whether `userId` has blocked `targetId`. */
  hasBlocked(userId: string, targetId: string): boolean;
}

/**
 * What the users group keeps (block lists, each user's extensions), the helpers its routes share,
 * and its controls' logic.
 */
export class UsersState implements UserRoutes, Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'users', fields: ['blocks', 'extensions'] } as const;
  /** Block lists: blocking user ID to blocked user ID to the entry, in the order they were blocked. */
  readonly blocks = new Map<string, Map<string, BlockRecord>>();
  /** Each user's installed extensions and active slots. */
  readonly extensions = new Map<string, UserExtensions>();

  constructor(readonly context: HelixContext) {}

  blockListOf(userId: string): Map<string, BlockRecord> {
    let list = this.blocks.get(userId);
    if (!list) this.blocks.set(userId, (list = new Map<string, BlockRecord>()));
    return list;
  }

  hasBlocked(userId: string, targetId: string): boolean {
    return this.blocks.get(userId)?.has(targetId) ?? false;
  }

  /** Whether the client holds a token of the user: the user authorized it. */
  hasAuthorized(clientId: string, userId: string): boolean {
    return this.context.state.hasAuthorized(clientId, userId);
  }

  /** Every scope the user granted the client: those of every token the client holds for the user. */
  grantedScopes(clientId: string, userId: string): string[] {
    return [...this.context.state.grantedScopes(clientId, userId)].sort();
  }

  extensionsOf(userId: string): UserExtensions {
    let record = this.extensions.get(userId);
    if (!record) this.extensions.set(userId, (record = { installed: new Map(), slots: { panel: new Map(), overlay: new Map(), component: new Map() } }));
    return record;
  }

  /** The active extensions map as the platform answers it: every slot, `{ active: false }` when empty. */
  activeMap(userId: string): Record<ExtensionSlotType, Record<string, Record<string, unknown>>> {
    const record = this.extensionsOf(userId);
    const answer = { panel: {}, overlay: {}, component: {} } as Record<ExtensionSlotType, Record<string, Record<string, unknown>>>;
    for (const kind of SLOT_TYPES) {
      for (let number = 1; number <= SLOT_COUNTS[kind]; number++) {
        const slot = record.slots[kind].get(String(number));
        const extension = slot && record.installed.get(slot.id);
        answer[kind][String(number)] = !slot || !extension
          ? { active: false }
          : { active: true, id: slot.id, version: slot.version, name: extension.name, ...(kind === 'component' ? { x: slot.x, y: slot.y } : {}) };
      }
    }
    return answer;
  }

  installExtension(userId: string, extension: InstallExtensionInput): InstalledExtension {
    if (!this.context.state.user(userId)) throw new Error(`No user ${userId}.`);
    const unknown = extension.type.find((type) => !EXTENSION_TYPES.includes(type));
    if (unknown !== undefined) throw new Error(`Unknown extension type "${unknown}": use ${EXTENSION_TYPES.join(', ')}.`);
    const record: InstalledExtension = { id: extension.id, version: extension.version, name: extension.name, can_activate: extension.can_activate ?? true, type: [...extension.type] };
    this.extensionsOf(userId).installed.set(record.id, record);
    return record;
  }

  uninstallExtension(userId: string, extensionId: string): boolean {
    const record = this.extensionsOf(userId);
    deactivate(record, extensionId);
    return record.installed.delete(extensionId);
  }
}

/** The users routes: Get Users, Update User, the block list, Get Authorization By User, and the extension routes. */
export const usersRoutes: readonly RouteRow<UsersState>[] = [
  {
    method: 'GET',
    path: '/users',
    token: 'either',
    handle: ({ request, token, context }) => {
      const { state } = context;
      const ids = repeated(request, 'id', MAX_USER_LOOKUPS);
      const logins = repeated(request, 'login', MAX_USER_LOOKUPS).map((login) => login.toLowerCase());
      if (ids.length + logins.length > MAX_USER_LOOKUPS) throw new HttpError(400, `The sum of the "id" and "login" parameters may not exceed ${MAX_USER_LOOKUPS}`);
      if (ids.length === 0 && logins.length === 0) {
        if (token.userId === undefined) throw new HttpError(400, 'Missing required parameter "id" or "login"; an app access token does not name a user');
        const self = state.user(token.userId);
        return ok(self ? [withEmailFor(self, token.userId, token.scopes)] : []);
      }
      const found = [...state.users.values()].filter((user) => ids.includes(user.id) || logins.includes(user.login));
      return ok(found.map((user) => withEmailFor(user, token.userId, token.scopes)));
    },
  },
  {
    method: 'PUT',
    path: '/users',
    token: 'user',
    scopes: ['user:edit'],
    handle: ({ request, token, context }) => {
      const user = context.state.user(token.userId!);
      if (!user) throw new HttpError(404, 'The user in the OAuth token was not found');
      // `?description=` (present, empty) removes the description; no parameter changes nothing.
      const description = request.query.get('description');
      if (description !== null) {
        if (Array.from(description).length > MAX_DESCRIPTION) throw new HttpError(400, `The parameter "description" may be at most ${MAX_DESCRIPTION} characters`);
        if (description !== user.description) {
          user.description = description;
          context.events.raise({
            type: 'user.update',
            version: '1',
            // One event goes to every subscriber, and the platform shows the email only to apps
            // the user granted user:read:email; the mock cannot tell them apart, so none gets it.
            event: { user_id: user.id, user_login: user.login, user_name: user.display_name, email: '', email_verified: false, description: user.description },
            condition: { user_id: user.id },
          });
        }
      }
      return ok([withEmailFor(user, token.userId, token.scopes)]);
    },
  },
  {
    method: 'GET',
    path: '/users/blocks',
    token: 'user',
    scopes: ['user:read:blocked_users'],
    query: ['broadcaster_id'],
    handle: ({ request, token, context }, users) => {
      const broadcasterId = request.query.get('broadcaster_id')!;
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      // Newest block first.
      const entries = [...users.blockListOf(broadcasterId).values()].reverse();
      const { data, pagination } = page(request, entries, BLOCK_PAGE);
      return ok(
        data.map((entry) => {
          const user = context.state.user(entry.user_id);
          return { user_id: entry.user_id, user_login: user?.login ?? '', display_name: user?.display_name ?? '' };
        }),
        { pagination },
      );
    },
  },
  {
    method: 'PUT',
    path: '/users/blocks',
    token: 'user',
    scopes: ['user:manage:blocked_users'],
    query: ['target_user_id'],
    handle: ({ request, token, context }, users) => {
      const targetId = request.query.get('target_user_id')!;
      // Both are optional and have no default.
      const sourceContext = request.query.has('source_context') ? choice(request, 'source_context', SOURCE_CONTEXTS, 'chat') : undefined;
      const reason = request.query.has('reason') ? choice(request, 'reason', BLOCK_REASONS, 'other') : undefined;
      if (targetId === token.userId) throw new HttpError(400, 'The ID in target_user_id cannot be the same as the user ID in the access token');
      if (!context.state.user(targetId)) throw new HttpError(400, 'The ID in target_user_id is not valid: no such user');
      const list = users.blockListOf(token.userId!);
      // Blocking again is ignored: the first block keeps its place and details.
      if (!list.has(targetId)) list.set(targetId, { user_id: targetId, source_context: sourceContext, reason, blocked_at: context.now() });
      return noContent();
    },
  },
  {
    method: 'DELETE',
    path: '/users/blocks',
    token: 'user',
    scopes: ['user:manage:blocked_users'],
    query: ['target_user_id'],
    handle: ({ request, token }, users) => {
      // Removing a block that does not exist is ignored.
      users.blockListOf(token.userId!).delete(request.query.get('target_user_id')!);
      return noContent();
    },
  },
  {
    method: 'GET',
    path: '/authorization/users',
    token: 'app',
    query: ['user_id'],
    handle: ({ request, token, context }, users) => {
      const userIds = [...new Set(repeated(request, 'user_id', MAX_AUTHORIZATION_USERS))];
      const data = userIds.flatMap((userId) => {
        const user = context.state.user(userId);
        if (!user) return [];
        return [{ user_id: user.id, user_name: user.display_name, user_login: user.login, scopes: users.grantedScopes(token.clientId, user.id), has_authorized: users.hasAuthorized(token.clientId, user.id) }];
      });
      return ok(data);
    },
  },
  ...userExtensionsRoutes,
];

/** The users controls: `mock.users.*` and `/mock/users.*`. */
export const usersControls: ControlTable<UsersState, UsersControl> = {
  installExtension: {
    params: ['userId: string', 'extension: InstallExtensionInput'],
    does: 'Installs an extension for a user (replacing an installed one with the same ID); Update User Extensions can then activate it.',
    run: (users, userId, extension) => users.installExtension(userId, extension),
  },
  uninstallExtension: {
    params: ['userId: string', 'extensionId: string'],
    does: 'Uninstalls an extension, emptying the slots it was active in; returns whether it was installed.',
    run: (users, userId, extensionId) => users.uninstallExtension(userId, extensionId),
  },
};

/**
 * `email` is there only for a user token with user:read:email, and then in every user of the
 * answer: the token's own user has their address, the others an empty one (the reference: "the
 * email address for all other users will be empty").
 */
function withEmailFor(user: MockUser, tokenUserId: string | undefined, scopes: readonly string[]): MockUser {
  const { email, ...rest } = user;
  if (tokenUserId === undefined || !scopes.includes('user:read:email')) return rest;
  return { ...rest, email: user.id === tokenUserId ? (email ?? '') : '' };
}
