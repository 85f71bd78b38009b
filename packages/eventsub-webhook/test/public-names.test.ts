import { describe, expect, it } from 'vitest';
import * as webhook from '../src/index';
import * as internal from '../src/internal/index';

// What the conduit listener (its webhook shards) shares with the webhook listener goes through
// @platform/eventsub-webhook/internal; the front door keeps what a program calls or writes as a type.
describe('the entry points of @platform/eventsub-webhook', () => {
  it('keep the shared helpers out of the public entry and in the internal one', () => {
    for (const name of ['checkCallbackAndSecret', 'dedupeTtlMs', 'every', 'listedAs', 'listedOn']) {
      expect(webhook, name).not.toHaveProperty(name);
      expect(internal, name).toHaveProperty(name);
    }
  });

  it('keep what a program calls in the public entry: the listener and the message intake for a listener of your own', () => {
    expect(Object.keys(webhook).sort()).toEqual(['WebhookListener', 'WebhookReceiver', 'eventSubWebhook']);
  });
});
