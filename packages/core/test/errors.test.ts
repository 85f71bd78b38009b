import { describe, expect, it } from 'vitest';
import {
  PlatformApiError,
  PlatformAuthError,
  PlatformError,
  PlatformEventSubError,
  PlatformNetworkError,
  PlatformRateLimitError,
  PlatformScopeError,
  PlatformTimeoutError,
} from '../src/index';

const api = { status: 400, method: 'GET', url: 'https://api.test/helix/x' };

describe('error classes', () => {
  const cases: [Error, string, (abstract new (...args: never[]) => Error)[]][] = [
    [new PlatformError('m'), 'PlatformError', [PlatformError]],
    [new PlatformApiError('m', api), 'PlatformApiError', [PlatformError, PlatformApiError]],
    [new PlatformRateLimitError('m', { method: 'GET', url: 'u', resetAt: undefined }), 'PlatformRateLimitError', [PlatformError, PlatformApiError, PlatformRateLimitError]],
    [new PlatformAuthError('m'), 'PlatformAuthError', [PlatformError, PlatformAuthError]],
    [new PlatformScopeError({ required: ['a'], granted: [], userId: '1', method: 'GET', path: '/x' }), 'PlatformScopeError', [PlatformError, PlatformAuthError, PlatformScopeError]],
    [new PlatformNetworkError('m'), 'PlatformNetworkError', [PlatformError, PlatformNetworkError]],
    [new PlatformTimeoutError('m'), 'PlatformTimeoutError', [PlatformError, PlatformTimeoutError]],
    [new PlatformEventSubError('m'), 'PlatformEventSubError', [PlatformError, PlatformEventSubError]],
  ];
  const all = [PlatformError, PlatformApiError, PlatformRateLimitError, PlatformAuthError, PlatformScopeError, PlatformNetworkError, PlatformTimeoutError, PlatformEventSubError];

  it.each(cases)('%o is named %s and is an instance of its chain only', (error, name, chain) => {
    expect(error.name).toBe(name);
    expect(error).toBeInstanceOf(Error);
    for (const type of all) expect(error instanceof type).toBe(chain.includes(type));
  });

  it('keeps class relations: Sub.prototype instanceof Parent holds across the whole tree, and only there', () => {
    for (const [error, , chain] of cases) {
      const own = error.constructor as typeof PlatformError;
      for (const type of all) {
        // A class's own prototype is not an instance of itself; it is one of every strict parent.
        expect(own.prototype instanceof type).toBe(chain.includes(type) && type !== own);
      }
      expect(Object.getPrototypeOf(own) === Error || chain.includes(Object.getPrototypeOf(own) as typeof PlatformError)).toBe(true);
    }
    // A subclass written by a user (error-mapping helpers do this) is in the tree too.
    class MyApiError extends PlatformApiError {}
    expect(MyApiError.prototype instanceof PlatformApiError).toBe(true);
    expect(MyApiError.prototype instanceof PlatformError).toBe(true);
    expect(new MyApiError('m', api) instanceof PlatformApiError).toBe(true);
    expect(MyApiError.prototype instanceof PlatformAuthError).toBe(false);
  });

  it('keeps the wrapped failure as cause', () => {
    const cause = new Error('root');
    expect(new PlatformNetworkError('m', { cause }).cause).toBe(cause);
    expect(new PlatformApiError('m', { ...api, cause }).cause).toBe(cause);
    expect(new PlatformError('m').cause).toBeUndefined();
  });

  it('is recognised across two copies of the library (Symbol.for markers)', () => {
    // A second copy of the library defines its own classes with the same markers.
    class OtherCopyApiError extends Error {
      constructor() {
        super('from another copy');
        for (const name of ['PlatformError', 'PlatformApiError']) Object.defineProperty(this, Symbol.for(`platform.error.${name}`), { value: true });
      }
    }
    const foreign = new OtherCopyApiError();
    expect(foreign instanceof PlatformError).toBe(true);
    expect(foreign instanceof PlatformApiError).toBe(true);
    expect(foreign instanceof PlatformRateLimitError).toBe(false);
    expect({} instanceof PlatformError).toBe(false);
    expect((null as unknown) instanceof PlatformError).toBe(false);
  });

  it('PlatformScopeError joins several acceptable scopes with "or" and freezes its lists', () => {
    const error = new PlatformScopeError({
      required: ['moderation:read', 'moderator:manage:banned_users'],
      granted: ['chat:read'],
      userId: '99',
      method: 'GET',
      path: '/moderation/banned',
    });
    expect(error.message).toBe('The token of user 99 is missing the moderation:read or moderator:manage:banned_users scope required by GET /moderation/banned.');
    expect(error.userId).toBe('99');
    expect(error.required).toEqual(['moderation:read', 'moderator:manage:banned_users']);
    expect(error.granted).toEqual(['chat:read']);
    expect(Object.isFrozen(error.required)).toBe(true);
  });

  it('PlatformRateLimitError is always status 429 and computes retryAfter at each read', () => {
    let now = 1000;
    const error = new PlatformRateLimitError('m', { method: 'GET', url: 'u', resetAt: 5000, now: () => now });
    expect(error.status).toBe(429);
    expect(error.retryAfter).toBe(4000);
    now = 4500;
    expect(error.retryAfter).toBe(500);
    now = 9000;
    expect(error.retryAfter).toBe(0);
    expect(new PlatformRateLimitError('m', { method: 'GET', url: 'u', resetAt: undefined }).retryAfter).toBe(0);
  });
});
