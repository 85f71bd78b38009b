import { describe, expect, it } from 'vitest';
import * as auth from '../src/index';
import * as internal from '../src/internal/index';

// The authenticator class behind platformAuth() goes through @platform/auth/internal; the front door
// keeps what a program calls or writes as a type.
describe('the entry points of @platform/auth', () => {
  it('keep AuthManager out of the public entry and in the internal one', () => {
    expect(auth).not.toHaveProperty('AuthManager');
    expect(internal).toHaveProperty('AuthManager');
  });

  it('keep what a program calls in the public entry', () => {
    expect(Object.keys(auth).sort()).toEqual(['MemoryTokenStore', 'authOf', 'isUserToken', 'minimumExtensionSecretBytes', 'platformAuth', 'verifyExtensionJwt']);
  });
});
