import { describe, expect, it } from 'vitest';
import * as core from '../src/index';
import * as internal from '../src/internal/index';

// What packages need from each other goes through @platform/core/internal; the front door keeps
// what a program calls or writes as a type.
const internalNames = [
  'clientCore',
  'clientInternals',
  'ClientCore',
  'runCall',
  'noTokenError',
  'missingActingUserError',
  'rawCredential',
  'rawTokenAuthenticator',
  'authServerRequest',
  'encodeQuery',
  'retryDelay',
  'endpointLimitDelay',
  'authUrlOf',
  'eventSubWsUrlOf',
  'defaultAuthUrl',
  'defaultBaseUrl',
  'defaultEventSubWsUrl',
  'describeValue',
  'redact',
  'hideSecrets',
  'watched',
  'sent',
  'settled',
];

describe('the entry points of @platform/core', () => {
  it('keep the internal names out of the public entry and in the internal one', () => {
    for (const name of internalNames) {
      expect(core, name).not.toHaveProperty(name);
      expect(internal, name).toHaveProperty(name);
    }
  });

  it('keep what a program calls in the public entry', () => {
    for (const name of ['createClient', 'PlatformClient', 'defineOperation', 'callOperation', 'paginateOperation', 'validateParams', 'Paginator', 'systemClock', 'numberParam', 'PlatformError', 'PlatformApiError', 'PlatformEventSubError', 'consoleLogger', 'pinoLogger', 'createLogger', 'textResult']) {
      expect(core, name).toHaveProperty(name);
    }
  });
});
