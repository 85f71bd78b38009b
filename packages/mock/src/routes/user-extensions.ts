import { HttpError } from '../http';
import { ok, type RouteRow } from '../helix';
import type { UsersState } from './users';

/*
 * The extension routes of the Users group (Get User Extensions, Get User Active Extensions,
 * Update User Extensions), split from routes/users.ts by resource; their state is the group's
 * `UsersState` (users.ts), with the controls. Which extensions a user has
 * installed is set by a control (installing happens on the platform's site, not through the API);
 * which of them are active, in which slot, is changed by Update User Extensions.
 */

/** The kinds of slot an extension can be activated in, with how many slots of each a channel has. */
export const SLOT_COUNTS = { panel: 3, overlay: 1, component: 2 } as const;
/**
 * A kind of slot.
 * @useDeclaredType
 */
export type ExtensionSlotType = keyof typeof SLOT_COUNTS;
export const SLOT_TYPES = Object.keys(SLOT_COUNTS) as ExtensionSlotType[];
/** Where an extension can be shown; `mobile` has no slot of its own. */
export type ExtensionType = ExtensionSlotType | 'mobile';
export const EXTENSION_TYPES: readonly ExtensionType[] = ['component', 'mobile', 'overlay', 'panel'];

/** An extension a user has installed. */
export interface InstalledExtension {
  /** The extension's ID. */
  id: string;
  /** The extension's version. */
  version: string;
  /** The extension's name. */
  name: string;
  /** Whether it is configured and can be activated. */
  can_activate: boolean;
  /** The extension types it can be activated as. */
  type: ExtensionType[];
}

/** What `mock.users.installExtension()` takes: `can_activate` defaults to true. */
export type InstallExtensionInput = Omit<InstalledExtension, 'can_activate'> & {
  /** Whether it is configured and can be activated; true by default. */
  can_activate?: boolean;
};

/** An active slot: the extension in it and, for a component, where it is placed. */
export interface ActiveSlot {
  id: string;
  version: string;
  x: number;
  y: number;
}

/** One user's extensions: installed, and the slots of each kind (slot number "1", "2"... to the extension). */
export interface UserExtensions {
  installed: Map<string, InstalledExtension>;
  slots: Record<ExtensionSlotType, Map<string, ActiveSlot>>;
}

/** The users controls: what no API call does. */
export interface UsersControl {
  /**
   * Installs an extension for a user (replacing an installed one with the same ID); Update User
   * Extensions can then activate it. Throws for an unknown user or an unknown extension type.
   */
  installExtension(userId: string, extension: InstallExtensionInput): InstalledExtension;
  /** Uninstalls an extension, emptying the slots it was active in; returns whether it was installed. */
  uninstallExtension(userId: string, extensionId: string): boolean;
}

/** The three user extension routes, over the users group's state. */
export const userExtensionsRoutes: readonly RouteRow<UsersState>[] = [
  {
    method: 'GET',
    path: '/users/extensions/list',
    token: 'user',
    scopes: ['user:read:broadcast', 'user:edit:broadcast'],
    handle: ({ token }, users) => {
      const record = users.extensionsOf(token.userId!);
      // Inactive extensions are listed only to a token that may edit them.
      const activeIds = new Set(SLOT_TYPES.flatMap((kind) => [...record.slots[kind].values()].map((slot) => slot.id)));
      const all = token.scopes.includes('user:edit:broadcast');
      return ok([...record.installed.values()].filter((extension) => all || activeIds.has(extension.id)).map((extension) => ({ ...extension, type: [...extension.type] })));
    },
  },
  {
    method: 'GET',
    path: '/users/extensions',
    token: 'either',
    handle: ({ request, token }, users) => {
      const userId = request.query.get('user_id') || token.userId;
      if (userId === undefined) throw new HttpError(400, 'Missing required parameter "user_id": it is required with an app access token');
      return { status: 200, body: { data: users.activeMap(userId) } };
    },
  },
  {
    method: 'PUT',
    path: '/users/extensions',
    token: 'user',
    scopes: ['user:edit:broadcast'],
    body: ['data'],
    handle: ({ request, token }, users) => {
      const userId = token.userId!;
      const record = users.extensionsOf(userId);
      const changes = readChanges((request.body as { data: unknown }).data);
      // Everything is checked before anything changes.
      for (const change of changes) {
        if (!change.slot) continue;
        const extension = record.installed.get(change.slot.id);
        if (!extension || extension.version !== change.slot.version) {
          throw new HttpError(404, `An extension with the id "${change.slot.id}" and version "${change.slot.version}" is not installed`);
        }
        if (!extension.can_activate) throw new HttpError(400, `The extension "${extension.id}" is not configured and cannot be activated`);
        if (!extension.type.includes(change.kind)) throw new HttpError(400, `The extension "${extension.id}" cannot be activated as ${change.kind}; its types are ${extension.type.join(', ')}`);
      }
      for (const change of changes) {
        if (!change.slot) {
          record.slots[change.kind].delete(change.number);
          continue;
        }
        // An extension is active in one slot at a time: the last write wins.
        deactivate(record, change.slot.id);
        record.slots[change.kind].set(change.number, change.slot);
      }
      return { status: 200, body: { data: users.activeMap(userId) } };
    },
  },
];

/** Empties every slot an extension is active in. */
export function deactivate(record: UserExtensions, extensionId: string): void {
  for (const kind of SLOT_TYPES) {
    for (const [number, slot] of record.slots[kind]) if (slot.id === extensionId) record.slots[kind].delete(number);
  }
}

/** One slot to set: `slot` undefined empties it. */
interface SlotChange {
  kind: ExtensionSlotType;
  number: string;
  slot: ActiveSlot | undefined;
}

/** The body's `data` as a list of slot changes, or a 400 naming what is malformed. */
function readChanges(data: unknown): SlotChange[] {
  if (!isObject(data)) throw new HttpError(400, 'The field "data" must be an object of panel, overlay and component slots');
  const changes: SlotChange[] = [];
  for (const [kind, slots] of Object.entries(data)) {
    if (!(SLOT_TYPES as string[]).includes(kind)) throw new HttpError(400, `The field "data.${kind}" is not a slot type: use ${SLOT_TYPES.join(', ')}`);
    const slotKind = kind as ExtensionSlotType;
    if (!isObject(slots)) throw new HttpError(400, `The field "data.${kind}" must be an object of slots`);
    for (const [number, entry] of Object.entries(slots)) {
      const where = `data.${kind}.${number}`;
      const max = SLOT_COUNTS[slotKind];
      if (!/^[1-9]\d*$/.test(number) || Number(number) > max) throw new HttpError(400, `The slot "${where}" does not exist: ${kind} slots are numbered 1 to ${max}`);
      if (!isObject(entry) || typeof entry.active !== 'boolean') throw new HttpError(400, `The field "${where}.active" must be a boolean`);
      if (!entry.active) {
        changes.push({ kind: slotKind, number, slot: undefined });
        continue;
      }
      if (typeof entry.id !== 'string' || entry.id === '') throw new HttpError(400, `The field "${where}.id" must be a non-empty string`);
      if (typeof entry.version !== 'string' || entry.version === '') throw new HttpError(400, `The field "${where}.version" must be a non-empty string`);
      const x = coordinate(entry.x, `${where}.x`);
      const y = coordinate(entry.y, `${where}.y`);
      changes.push({ kind: slotKind, number, slot: { id: entry.id, version: entry.version, x, y } });
    }
  }
  return changes;
}

/** A component's coordinate: a whole number, 0 when left out. */
function coordinate(value: unknown, name: string): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) throw new HttpError(400, `The field "${name}" must be a whole number of 0 or more`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
