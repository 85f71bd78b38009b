import { describe, expect, it } from 'vitest';
import { checkPermission, hasRole, roleOf } from './permissions';

const badge = (set_id: string) => ({ set_id, id: '1', info: '' });

describe('roleOf and hasRole', () => {
  it('reads the highest role from the badges', () => {
    expect(roleOf([])).toBe('everyone');
    expect(roleOf(null)).toBe('everyone');
    expect(roleOf([badge('bits'), badge('subscriber')])).toBe('subscriber');
    expect(roleOf([badge('founder')])).toBe('subscriber');
    expect(roleOf([badge('subscriber'), badge('vip')])).toBe('vip');
    expect(roleOf([badge('moderator'), badge('subscriber')])).toBe('moderator');
    expect(roleOf([badge('broadcaster')])).toBe('broadcaster');
    expect(roleOf([], '7', '7')).toBe('broadcaster');
  });

  it('ranks broadcaster > moderator > vip > subscriber > everyone', () => {
    expect(hasRole('moderator', 'vip')).toBe(true);
    expect(hasRole('vip', 'moderator')).toBe(false);
    expect(hasRole('everyone', 'everyone')).toBe(true);
    expect(hasRole('subscriber', 'vip')).toBe(false);
  });

  it('refuses an unknown permission with the allowed ones in the message', () => {
    expect(() => checkPermission('admin', 'so')).toThrow('The permission of command so must be one of everyone, subscriber, vip, moderator, broadcaster or a function; got "admin".');
    expect(() => checkPermission(() => true, 'so')).not.toThrow();
    expect(() => checkPermission('vip', 'so')).not.toThrow();
  });
});
