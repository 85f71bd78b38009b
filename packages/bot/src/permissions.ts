import { PlatformError, type ChatBadge } from '@platform/client';

/** The roles a chatter's badges show, lowest first: each role includes the ones below it. */
export type Role = 'everyone' | 'subscriber' | 'vip' | 'moderator' | 'broadcaster';

/** The roles in rank order. */
export const roles: readonly Role[] = ['everyone', 'subscriber', 'vip', 'moderator', 'broadcaster'];

/**
 * The highest role a chatter's badges show in a channel: `broadcaster` (the broadcaster's badge, or
 * the chatter is the channel's broadcaster), `moderator`, `vip` (a VIP badge), `subscriber` (a
 * `subscriber` or `founder` badge), else `everyone`.
 */
export function roleOf(badges: readonly ChatBadge[] | null | undefined, chatterId?: string, broadcasterId?: string): Role {
  if (chatterId !== undefined && chatterId === broadcasterId) return 'broadcaster';
  const sets = new Set((badges ?? []).map((badge) => badge.set_id));
  if (sets.has('broadcaster')) return 'broadcaster';
  if (sets.has('moderator')) return 'moderator';
  if (sets.has('vip')) return 'vip';
  if (sets.has('subscriber') || sets.has('founder')) return 'subscriber';
  return 'everyone';
}

/** Whether `role` is `needed` or above it. */
export function hasRole(role: Role, needed: Role): boolean {
  return roles.indexOf(role) >= roles.indexOf(needed);
}

/**
 * Checks a command's `permission` option: a role name or a function.
 *
 * @throws {PlatformError} for anything else, naming the command and the roles allowed.
 */
export function checkPermission(permission: unknown, command: string): void {
  if (permission === undefined || typeof permission === 'function') return;
  if (typeof permission === 'string' && (roles as readonly string[]).includes(permission)) return;
  throw new PlatformError(`The permission of command ${command} must be one of ${roles.join(', ')} or a function; got ${describe(permission)}.`);
}

/** A value as an error message shows it: a string quoted, anything else by its JSON or its type. */
export function describe(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? typeof value;
  } catch {
    return typeof value;
  }
}
