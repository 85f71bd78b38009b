import { PlatformEventSubError } from '@platform/core';
import { createVirtualClock } from '@platform/core/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventSubWebhook } from '../src/index';
import { notification, revocation, shardVerification, tampered, verification } from './fixtures';
import { CALLBACK, FIXTURE_NOW, created, listed, requestOf, signed, stubClient, until, withHeaders } from './helpers';

const SECRET = notification.secret;
const ONLINE_ID = '9fecf3b3-2495-4f8b-b5c0-060e4d0afdd0';
const FOLLOW_ID = '895082a3-50a1-4b66-b42b-212c40bdf433';
const follow = { broadcaster_user_id: '41520837', moderator_user_id: '58213390' };
const known = {
  [FOLLOW_ID]: { type: 'channel.follow', version: '2', condition: follow },
  [ONLINE_ID]: { type: 'stream.online', version: '1', condition: { broadcaster_user_id: '41520837' } },
};

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.restoreAllMocks();
});

function setup(now = FIXTURE_NOW) {
  const clock = createVirtualClock({ start: now });
  const { client } = stubClient(
    (request) => {
      // The read-back after a challenge: the platform lists the subscription as enabled.
      if (request.method === 'GET') return listed(request, known);
      if (request.method !== 'POST') return undefined;
      const body = JSON.parse(request.body!) as { type: string; version: string; condition: Record<string, string> };
      return created(body.type === 'channel.follow' ? FOLLOW_ID : ONLINE_ID, body.type, body.version, body.condition);
    },
    { clock },
  );
  const errors: unknown[] = [];
  const listener = eventSubWebhook(client, { callback: CALLBACK, secret: SECRET, onError: (error) => errors.push(error) });
  cleanups.push(() => listener.close());
  return { listener, errors };
}

async function subscribed(listener: ReturnType<typeof setup>['listener']) {
  const handler = vi.fn();
  const handle = listener.on('stream.online', { broadcaster_user_id: '41520837' }, handler);
  await until(() => handle.id === ONLINE_ID);
  return { handle, handler };
}

describe('the fetch handler', () => {
  for (const crypto of ['node:crypto', 'WebCrypto'] as const) {
    describe(`with ${crypto}`, () => {
      const make = (now?: number) => {
        if (crypto === 'WebCrypto') vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined);
        const made = setup(now);
        vi.restoreAllMocks();
        return made;
      };

      it('answers a correctly signed notification with 204 and calls the handler once', async () => {
        const { listener, errors } = make();
        const { handler } = await subscribed(listener);
        const response = await listener.fetch(requestOf(notification));
        expect(response.status).toBe(204);
        expect(handler).toHaveBeenCalledTimes(1);
        expect(handler).toHaveBeenCalledWith(
          expect.objectContaining({ id: '40898421049', type: 'live' }),
          expect.objectContaining({ messageId: notification.headers['Twitch-Eventsub-Message-Id'], type: 'stream.online', version: '1', transport: 'webhook' }),
        );
        expect(errors).toEqual([]);
      });

      it('answers a tampered body or a missing signature with 403 and calls no handler', async () => {
        const { listener } = make();
        const { handler } = await subscribed(listener);
        expect((await listener.fetch(requestOf(tampered))).status).toBe(403);
        expect((await listener.fetch(requestOf(withHeaders(notification, { 'Twitch-Eventsub-Message-Signature': undefined })))).status).toBe(403);
        expect((await listener.fetch(requestOf(withHeaders(notification, { 'Twitch-Eventsub-Message-Id': undefined })))).status).toBe(403);
        expect(handler).not.toHaveBeenCalled();
        expect(listener.stats()).toMatchObject({ refused: 3, delivered: 0, duplicates: 0 });
      });

      it('refuses a message more than 10 minutes old with 403', async () => {
        const { listener } = make(Date.parse('2026-03-14T18:40:00.000Z'));
        const { handler } = await subscribed(listener);
        expect((await listener.fetch(requestOf(notification))).status).toBe(403);
        expect(handler).not.toHaveBeenCalled();
        expect(listener.stats()).toMatchObject({ refused: 1, delivered: 0 });
      });

      it('answers a repeated message ID with 204 and no second call', async () => {
        const { listener } = make();
        const { handler } = await subscribed(listener);
        expect((await listener.fetch(requestOf(notification))).status).toBe(204);
        expect((await listener.fetch(requestOf(notification))).status).toBe(204);
        expect(handler).toHaveBeenCalledTimes(1);
        expect(listener.stats()).toMatchObject({ refused: 0, delivered: 1, duplicates: 1 });
      });

      it('answers the challenge with 200, text/plain and the challenge exactly, and resolves ready', async () => {
        const { listener } = make();
        const handle = listener.on('channel.follow', follow, () => undefined);
        await until(() => handle.id === FOLLOW_ID);
        const response = await listener.fetch(requestOf(verification));
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/plain');
        expect(await response.text()).toBe('ch4ll3nge-acaece00-a444-b5bcf9ef7d69');
        await expect(handle.ready).resolves.toBeUndefined();
      });

      it('answers an unknown challenge and a conduit shard challenge with 403', async () => {
        const { listener } = make();
        expect((await listener.fetch(requestOf(verification))).status).toBe(403);
        // Conduit shards are the conduit listener's business (its webhook option).
        expect((await listener.fetch(requestOf(shardVerification))).status).toBe(403);
        expect(listener.stats().refused).toBe(2);
      });

      it('answers a revocation with 204 and reports it', async () => {
        const { listener, errors } = make();
        await subscribed(listener);
        expect((await listener.fetch(requestOf(revocation))).status).toBe(204);
        expect(errors).toHaveLength(1);
        expect(errors[0]).toBeInstanceOf(PlatformEventSubError);
        expect((errors[0] as Error).message).toBe('The platform revoked the subscription to stream.online (version 1): authorization_revoked.');
      });

      it('answers a signed body that is not JSON with 400, and another method with 405', async () => {
        const { listener, errors } = make();
        expect((await listener.fetch(requestOf(signed(SECRET, 'notification', 'not json')))).status).toBe(400);
        expect(errors).toHaveLength(1);
        const response = await listener.fetch(requestOf(notification, 'GET'));
        expect(response.status).toBe(405);
        expect(response.headers.get('allow')).toBe('POST');
        // The 400 is a refused request; another method is not one of the platform's.
        expect(listener.stats().refused).toBe(1);
      });
    });
  }
});
