import { describe, expect, it } from 'vitest';
import * as eventsub from '../src/index';
import * as internal from '../src/internal/index';

// What the transport packages share goes through @platform/eventsub/internal; the front door keeps
// what a program calls or writes as a type.
const internalNames = [
  'ListenerSubscription',
  'emptyConnectionCounts',
  'createListenerSubscription',
  'deleteListenerSubscription',
  'isTransient',
  'readBackDelay',
  'readSubscription',
  'subscribeAttempts',
  'subscribeError',
];

describe('the entry points of @platform/eventsub', () => {
  it('keep the internal names out of the public entry and in the internal one', () => {
    for (const name of internalNames) {
      expect(eventsub, name).not.toHaveProperty(name);
      expect(internal, name).toHaveProperty(name);
    }
  });

  it('keep what a program calls in the public entry', () => {
    for (const name of ['EventSubListener', 'createSubscription', 'createSubscriptionOperation', 'subscriptions', 'conduits', 'updateConduitShards', 'lookupEventSubType', 'eventSubTypeNames']) {
      expect(eventsub, name).toHaveProperty(name);
    }
  });
});
