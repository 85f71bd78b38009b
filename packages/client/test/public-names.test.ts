import { describe, expect, it } from 'vitest';
import * as browser from '../src/browser';
import * as server from '../src/index';

// @platform/client re-exports every public name of the packages it builds on, and none of what they
// share with each other through @platform/core/internal.
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
  'createLog',
  'watched',
  'sent',
  'settled',
];

describe('the names @platform/client exports', () => {
  it.each([
    ['server', server],
    ['browser', browser],
  ])('leave out the internal names of core (%s build)', (_build, exported) => {
    for (const name of internalNames) expect(exported, name).not.toHaveProperty(name);
    for (const name of ['Platform', 'createClient', 'defineOperation', 'callOperation', 'Paginator', 'PlatformError', 'diagnosticsChannels']) {
      expect(exported, name).toHaveProperty(name);
    }
  });
});
