import { PlatformError, type ClientHandle, type ExtensionCredentials } from '@platform/core';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createExtensionSecret,
  dropsEntitlements,
  extensionAnalytics,
  extensionConfiguration,
  extensionLiveChannels,
  gameAnalytics,
  sendExtensionChatMessage,
  sendExtensionPubSubMessage,
  setExtensionConfiguration,
  setExtensionRequiredConfiguration,
  updateDropsEntitlements,
  updateExtensionBitsProduct,
  type ExtensionConfigurationParams,
  type SendExtensionPubSubMessageParams,
  type UpdateExtensionBitsProductParams,
} from '../src/index';
import { stubClient, type SeenRequest } from './stub';

const long = (length: number) => 'x'.repeat(length);
/** How a message shows a long text: its first 40 characters, an ellipsis and its length. */
const shown = (text: string) => `${JSON.stringify(`${text.slice(0, 40)}…`)} (${text.length} characters)`;
const extension: ExtensionCredentials = { clientId: 'ext', secret: Buffer.from('a secret of the extension, 32 bytes or more').toString('base64'), ownerId: '1' };
const withJwt = { extension };

/** Runs a call that must fail; a paginator throws synchronously, the others reject. */
async function failure(run: () => unknown): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the call succeeded');
}

describe('limits and required parameters: refused before anything is sent', () => {
  let client: ClientHandle;
  let requests: SeenRequest[];
  beforeEach(() => {
    // One answer fits every operation: the void ones ignore it, the others take data[0] or a page.
    ({ client, requests } = stubClient(() => ({ body: { data: [{}], pagination: {} } })));
  });

  const product: UpdateExtensionBitsProductParams = { sku: 'crate-2', cost: { amount: 990, type: 'bits' }, display_name: 'Rusty Crate 2' };
  const pubsub: SendExtensionPubSubMessageParams = { broadcaster_id: '1', target: ['broadcast'], message: 'hi' };
  const chat = { broadcaster_id: '1', text: 'hi', extension_id: 'ext', extension_version: '0.0.1' };
  // 1,281 four-byte emoji: 5,124 bytes of UTF-8, though only 2,562 UTF-16 units.
  const emoji = '😀'.repeat(1281);

  const cases: [string, (client: ClientHandle) => unknown, string][] = [
    // Configuration segments.
    [
      'extensionConfiguration unknown segment',
      (c) => extensionConfiguration(c, { extension_id: 'ext', segment: 'channel' as 'global' }, withJwt),
      'The parameter segment of extensions.extensionConfiguration must be one of "broadcaster", "developer", "global", or a list of them; got "channel".',
    ],
    [
      'extensionConfiguration empty segment list',
      (c) => extensionConfiguration(c, { extension_id: 'ext', segment: [] }, withJwt),
      'The parameter segment of extensions.extensionConfiguration must be one of "broadcaster", "developer", "global", or a list of them; got an array.',
    ],
    [
      // Holes are no segments: `some()` skipped them, and the request carried `segment=undefined`.
      'extensionConfiguration segment list with holes',
      (c) => extensionConfiguration(c, { extension_id: 'ext', segment: new Array<'global'>(2) }, withJwt),
      'The parameter segment of extensions.extensionConfiguration must be one of "broadcaster", "developer", "global", or a list of them; got an array.',
    ],
    [
      'extensionConfiguration broadcaster segment without broadcaster_id',
      (c) => extensionConfiguration(c, { extension_id: 'ext', segment: ['global', 'developer'] }, withJwt),
      'extensions.extensionConfiguration needs the parameter broadcaster_id for the segment "developer".',
    ],
    [
      'extensionConfiguration global segment with broadcaster_id',
      (c) => extensionConfiguration(c, { extension_id: 'ext', segment: 'global', broadcaster_id: '1' }, withJwt),
      'The parameter broadcaster_id of extensions.extensionConfiguration cannot be combined with the segment "global"; got broadcaster_id "1".',
    ],
    [
      'extensionConfiguration without extension_id',
      (c) => extensionConfiguration(c, { segment: 'global' } as ExtensionConfigurationParams, withJwt),
      'extensions.extensionConfiguration needs the parameter extension_id.',
    ],
    [
      'setExtensionConfiguration unknown segment',
      (c) => setExtensionConfiguration(c, { extension_id: 'ext', segment: 'channel' as 'global' }, withJwt),
      'The parameter segment of extensions.setExtensionConfiguration must be one of "broadcaster", "developer", "global"; got "channel".',
    ],
    [
      'setExtensionConfiguration broadcaster segment without broadcaster_id',
      (c) => setExtensionConfiguration(c, { extension_id: 'ext', segment: 'broadcaster', content: 'x' }, withJwt),
      'extensions.setExtensionConfiguration needs the parameter broadcaster_id for the segment "broadcaster".',
    ],
    [
      'setExtensionConfiguration global segment with broadcaster_id',
      (c) => setExtensionConfiguration(c, { extension_id: 'ext', segment: 'global', broadcaster_id: '1' }, withJwt),
      'The parameter broadcaster_id of extensions.setExtensionConfiguration cannot be combined with the segment "global"; got broadcaster_id "1".',
    ],
    [
      'setExtensionConfiguration content 5121 bytes',
      (c) => setExtensionConfiguration(c, { extension_id: 'ext', segment: 'global', content: long(5121) }, withJwt),
      `The parameter content of extensions.setExtensionConfiguration must hold at most 5120 bytes of UTF-8; got ${shown(long(5121))}.`,
    ],
    [
      'setExtensionConfiguration content of 4-byte characters over 5 KB',
      (c) => setExtensionConfiguration(c, { extension_id: 'ext', segment: 'global', content: emoji }, withJwt),
      'The parameter content of extensions.setExtensionConfiguration must hold at most 5120 bytes of UTF-8',
    ],
    [
      'setExtensionRequiredConfiguration without required_configuration',
      (c) =>
        setExtensionRequiredConfiguration(c, { broadcaster_id: '1', extension_id: 'ext', extension_version: '0.0.1' } as Parameters<typeof setExtensionRequiredConfiguration>[1], withJwt),
      'extensions.setExtensionRequiredConfiguration needs the parameter required_configuration.',
    ],
    // PubSub.
    [
      'sendExtensionPubSubMessage no target',
      (c) => sendExtensionPubSubMessage(c, { ...pubsub, target: [] }, withJwt),
      'The parameter target of extensions.sendExtensionPubSubMessage must hold at least 1 items; got an array.',
    ],
    [
      'sendExtensionPubSubMessage unknown target',
      (c) => sendExtensionPubSubMessage(c, { ...pubsub, target: ['broadcast', 'everyone' as 'global'] }, withJwt),
      'The parameter target of extensions.sendExtensionPubSubMessage must hold "broadcast", "global" or "whisper-<user ID>" targets (target 2 is "everyone"); got an array.',
    ],
    [
      'sendExtensionPubSubMessage without broadcaster_id',
      (c) => sendExtensionPubSubMessage(c, { target: ['broadcast'], message: 'hi' }, withJwt),
      'extensions.sendExtensionPubSubMessage needs the parameter broadcaster_id, unless is_global_broadcast is true.',
    ],
    [
      'sendExtensionPubSubMessage global target without is_global_broadcast',
      (c) => sendExtensionPubSubMessage(c, { ...pubsub, target: ['global'] }, withJwt),
      'The parameter target of extensions.sendExtensionPubSubMessage holds "global", which needs is_global_broadcast true; got ["global"].',
    ],
    [
      'sendExtensionPubSubMessage global broadcast with broadcaster_id',
      (c) => sendExtensionPubSubMessage(c, { ...pubsub, target: ['global'], is_global_broadcast: true }, withJwt),
      'The parameter broadcaster_id of extensions.sendExtensionPubSubMessage cannot be combined with is_global_broadcast true; got broadcaster_id "1".',
    ],
    [
      'sendExtensionPubSubMessage global broadcast to broadcast',
      (c) => sendExtensionPubSubMessage(c, { target: ['broadcast'], is_global_broadcast: true, message: 'hi' }, withJwt),
      'The parameter target of extensions.sendExtensionPubSubMessage must be ["global"] with is_global_broadcast true; got ["broadcast"].',
    ],
    [
      'sendExtensionPubSubMessage message 5121 bytes',
      (c) => sendExtensionPubSubMessage(c, { ...pubsub, message: long(5121) }, withJwt),
      `The parameter message of extensions.sendExtensionPubSubMessage must hold at most 5120 bytes of UTF-8; got ${shown(long(5121))}.`,
    ],
    // Live channels, secrets, chat.
    ['extensionLiveChannels first 0', (c) => extensionLiveChannels(c, { extension_id: 'ext', first: 0 }), 'The parameter first of extensions.extensionLiveChannels must be at least 1; got 0.'],
    ['extensionLiveChannels first 2.5', (c) => extensionLiveChannels(c, { extension_id: 'ext', first: 2.5 }), 'The parameter first of extensions.extensionLiveChannels must be a whole number; got 2.5.'],
    ['createExtensionSecret delay 299', (c) => createExtensionSecret(c, { extension_id: 'ext', delay: 299 }, withJwt), 'The parameter delay of extensions.createExtensionSecret must be at least 300; got 299.'],
    ['createExtensionSecret delay 300.5', (c) => createExtensionSecret(c, { extension_id: 'ext', delay: 300.5 }, withJwt), 'The parameter delay of extensions.createExtensionSecret must be a whole number; got 300.5.'],
    ['sendExtensionChatMessage empty text', (c) => sendExtensionChatMessage(c, { ...chat, text: '' }, withJwt), 'The parameter text of extensions.sendExtensionChatMessage must not be empty; got "".'],
    [
      'sendExtensionChatMessage text 281',
      (c) => sendExtensionChatMessage(c, { ...chat, text: long(281) }, withJwt),
      `The parameter text of extensions.sendExtensionChatMessage must hold at most 280 characters; got ${shown(long(281))}.`,
    ],
    // Bits products.
    [
      'updateExtensionBitsProduct sku with a space',
      (c) => updateExtensionBitsProduct(c, { ...product, sku: 'rusty crate' }),
      'The parameter sku of extensions.updateExtensionBitsProduct must hold only letters, digits, dashes (-), underscores (_) and periods (.), at least one; got "rusty crate".',
    ],
    [
      'updateExtensionBitsProduct empty sku',
      (c) => updateExtensionBitsProduct(c, { ...product, sku: '' }),
      'The parameter sku of extensions.updateExtensionBitsProduct must hold only letters, digits, dashes (-), underscores (_) and periods (.), at least one; got "".',
    ],
    [
      'updateExtensionBitsProduct sku 256',
      (c) => updateExtensionBitsProduct(c, { ...product, sku: long(256) }),
      `The parameter sku of extensions.updateExtensionBitsProduct must hold at most 255 characters; got ${shown(long(256))}.`,
    ],
    [
      'updateExtensionBitsProduct amount 0',
      (c) => updateExtensionBitsProduct(c, { ...product, cost: { amount: 0, type: 'bits' } }),
      'The parameter cost of extensions.updateExtensionBitsProduct must have an amount that is a whole number from 1 to 10000 (got amount 0); got an object.',
    ],
    [
      'updateExtensionBitsProduct amount 10001',
      (c) => updateExtensionBitsProduct(c, { ...product, cost: { amount: 10_001, type: 'bits' } }),
      'The parameter cost of extensions.updateExtensionBitsProduct must have an amount that is a whole number from 1 to 10000 (got amount 10001); got an object.',
    ],
    [
      'updateExtensionBitsProduct amount 1.5',
      (c) => updateExtensionBitsProduct(c, { ...product, cost: { amount: 1.5, type: 'bits' } }),
      'The parameter cost of extensions.updateExtensionBitsProduct must have an amount that is a whole number from 1 to 10000 (got amount 1.5); got an object.',
    ],
    [
      'updateExtensionBitsProduct currency not bits',
      (c) => updateExtensionBitsProduct(c, { ...product, cost: { amount: 5, type: 'gold' as 'bits' } }),
      'The parameter cost of extensions.updateExtensionBitsProduct must have type "bits" (got type "gold"); got an object.',
    ],
    [
      'updateExtensionBitsProduct display_name 256',
      (c) => updateExtensionBitsProduct(c, { ...product, display_name: long(256) }),
      `The parameter display_name of extensions.updateExtensionBitsProduct must hold at most 255 characters; got ${shown(long(256))}.`,
    ],
    [
      'updateExtensionBitsProduct without display_name',
      (c) => updateExtensionBitsProduct(c, { sku: 'a', cost: { amount: 1, type: 'bits' } } as UpdateExtensionBitsProductParams),
      'extensions.updateExtensionBitsProduct needs the parameter display_name.',
    ],
    // Analytics.
    ...(
      [
        ['analytics.extensionAnalytics', (c: ClientHandle, first: number) => extensionAnalytics(c, { first })],
        ['analytics.gameAnalytics', (c: ClientHandle, first: number) => gameAnalytics(c, { first })],
      ] as const
    ).flatMap(([name, run]): [string, (client: ClientHandle) => unknown, string][] => [
      [`${name} first 0`, (c) => run(c, 0), `The parameter first of ${name} must be from 1 to 100; got 0.`],
      [`${name} first 101`, (c) => run(c, 101), `The parameter first of ${name} must be from 1 to 100; got 101.`],
    ]),
    [
      'extensionAnalytics type',
      (c) => extensionAnalytics(c, { type: 'overview_v1' as 'overview_v2' }),
      'The parameter type of analytics.extensionAnalytics must be one of "overview_v2"; got "overview_v1".',
    ],
    [
      'extensionAnalytics started_at alone',
      (c) => extensionAnalytics(c, { started_at: '2026-01-01T00:00:00Z' }),
      'analytics.extensionAnalytics needs the parameter ended_at with started_at: a report window has both ends or none.',
    ],
    [
      'gameAnalytics ended_at alone',
      (c) => gameAnalytics(c, { ended_at: '2026-01-01T00:00:00Z' }),
      'analytics.gameAnalytics needs the parameter started_at with ended_at: a report window has both ends or none.',
    ],
    [
      'gameAnalytics end before start',
      (c) => gameAnalytics(c, { started_at: '2026-02-01T00:00:00Z', ended_at: '2026-01-01T00:00:00Z' }),
      'The parameter ended_at of analytics.gameAnalytics must not be before started_at; got ended_at "2026-01-01T00:00:00Z" and started_at "2026-02-01T00:00:00Z".',
    ],
    // Entitlements.
    ['dropsEntitlements first 0', (c) => dropsEntitlements(c, { first: 0 }), 'The parameter first of entitlements.dropsEntitlements must be from 1 to 1000; got 0.'],
    ['dropsEntitlements first 1001', (c) => dropsEntitlements(c, { first: 1001 }), 'The parameter first of entitlements.dropsEntitlements must be from 1 to 1000; got 1001.'],
    [
      'dropsEntitlements status',
      (c) => dropsEntitlements(c, { fulfillment_status: 'DONE' as 'CLAIMED' }),
      'The parameter fulfillment_status of entitlements.dropsEntitlements must be one of "CLAIMED", "FULFILLED"; got "DONE".',
    ],
    ['dropsEntitlements empty id list', (c) => dropsEntitlements(c, { id: [] }), 'The parameter id of entitlements.dropsEntitlements must hold at least one ID; got an array.'],
    [
      'updateDropsEntitlements one ID as a string',
      (c) => updateDropsEntitlements(c, { entitlement_ids: 'fb78' as unknown as string[] }),
      'The parameter entitlement_ids of entitlements.updateDropsEntitlements must be a list of IDs (non-empty strings); got "fb78".',
    ],
    [
      'updateDropsEntitlements an empty ID',
      (c) => updateDropsEntitlements(c, { entitlement_ids: ['fb78', ''] }),
      'The parameter entitlement_ids of entitlements.updateDropsEntitlements must be a list of IDs (non-empty strings); got an array.',
    ],
    [
      'updateDropsEntitlements an empty list',
      (c) => updateDropsEntitlements(c, { entitlement_ids: [] }),
      'The parameter entitlement_ids of entitlements.updateDropsEntitlements must hold at least one ID; got an array.',
    ],
    [
      'updateDropsEntitlements status',
      (c) => updateDropsEntitlements(c, { entitlement_ids: ['fb78'], fulfillment_status: 'DONE' as 'CLAIMED' }),
      'The parameter fulfillment_status of entitlements.updateDropsEntitlements must be one of "CLAIMED", "FULFILLED"; got "DONE".',
    ],
  ];

  it.each(cases)('%s', async (_title, run, message) => {
    const error = await failure(() => run(client));
    expect(error).toBeInstanceOf(PlatformError);
    expect(error.constructor).toBe(PlatformError);
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect(requests).toHaveLength(0);
  });

  it('rules between parameters reject the promise, as every other operation does, instead of throwing', async () => {
    const calls = [
      () => extensionConfiguration(client, { extension_id: 'ext', segment: 'broadcaster' }, withJwt),
      () => setExtensionConfiguration(client, { extension_id: 'ext', segment: 'broadcaster', content: 'x' }, withJwt),
      () => sendExtensionPubSubMessage(client, { ...pubsub, target: ['global'] }, withJwt),
    ];
    for (const call of calls) {
      let promise: Promise<unknown> | undefined;
      expect(() => (promise = call())).not.toThrow();
      await expect(promise).rejects.toBeInstanceOf(PlatformError);
    }
    expect(requests).toHaveLength(0);
  });

  it('takes the values at the edges of every range', async () => {
    await extensionLiveChannels(client, { extension_id: 'ext', first: 1 });
    await createExtensionSecret(client, { extension_id: 'ext', delay: 300 }, withJwt);
    await sendExtensionChatMessage(client, { ...chat, text: '😀'.repeat(280) }, withJwt);
    await setExtensionConfiguration(client, { extension_id: 'ext', segment: 'global', content: long(5120) }, withJwt);
    await sendExtensionPubSubMessage(client, { ...pubsub, message: `${long(5116)}😀` }, withJwt);
    await updateExtensionBitsProduct(client, { sku: `${long(252)}-_.`, cost: { amount: 10_000, type: 'bits' }, display_name: long(255) });
    await updateExtensionBitsProduct(client, { ...product, cost: { amount: 1, type: 'bits' } });
    await extensionAnalytics(client, { first: 100, started_at: '2026-01-01T00:00:00Z', ended_at: '2026-01-01T00:00:00Z' });
    await gameAnalytics(client, { first: 1 });
    await dropsEntitlements(client, { first: 1000, fulfillment_status: 'CLAIMED', id: 'one' });
    await updateDropsEntitlements(client, { entitlement_ids: ['one'], fulfillment_status: 'FULFILLED' });
    await extensionConfiguration(client, { extension_id: 'ext', segment: ['global', 'broadcaster'], broadcaster_id: '1' }, withJwt);
    expect(requests).toHaveLength(12);
  });
});
