import { createClient } from '@platform/core';
import { createFetchStub, createVirtualClock } from '@platform/core/testing';
import { describe, expect, it } from 'vitest';
import { authOf, platformAuth } from '../src/index';

/**
 * An OAuth server (in memory) whose device flow answers `interval` and says `authorization_pending`
 * to the first `pending` polls, on a virtual clock that moves by itself: the waits take no time.
 */
function deviceServer(interval: unknown, pending: number) {
  const clock = createVirtualClock({ auto: true });
  let polls = 0;
  const stub = createFetchStub(
    (request) => {
      const path = request.url.pathname;
      if (path.endsWith('/oauth2/device')) {
        return { body: { device_code: 'device-1', user_code: 'ABCD1234', verification_uri: 'https://platform.example/activate', expires_in: 1800, interval } };
      }
      if (path.endsWith('/oauth2/token')) {
        polls++;
        if (polls <= pending) return { status: 400, body: { status: 400, message: 'authorization_pending' } };
        return { body: { access_token: 'access-33', refresh_token: 'refresh-33', expires_in: 3600, scope: ['chat:read'], token_type: 'bearer' } };
      }
      if (path.endsWith('/oauth2/validate')) return { body: { client_id: 'app-1', login: 'carol', user_id: '33', scopes: ['chat:read'], expires_in: 3600 } };
      return { status: 404, body: { message: 'not found' } };
    },
    { clock },
  );
  const client = createClient({ clientId: 'app-1', authUrl: 'https://id.example/oauth2', baseUrl: 'https://api.example/helix', fetch: stub.fetch, clock, authenticator: platformAuth() });
  /** The times of the polls, from the start of the flow. */
  const pollTimes = () => {
    const start = stub.requests.find((request) => request.url.pathname.endsWith('/oauth2/device'))!.at;
    return stub.requests.filter((request) => request.url.pathname.endsWith('/oauth2/token')).map((request) => request.at - start);
  };
  return { clock, auth: authOf(client), pollTimes };
}

describe('the device code flow: at least 5 s between polls (RFC 8628)', () => {
  it.each([
    ['0', 0],
    ['1', 1],
    ['negative', -3],
    ['not a number', 'soon'],
    ['missing', undefined],
  ])('a server interval of %s gives polls 5 s apart', async (_name, interval) => {
    const server = deviceServer(interval, 3);
    const flow = await server.auth.deviceCode({ scopes: ['chat:read'] });
    await expect(flow.wait()).resolves.toMatchObject({ userId: '33', login: 'carol' });
    expect(server.pollTimes()).toEqual([5000, 10_000, 15_000, 20_000]);
    server.clock.stop();
  });

  it('a longer server interval is kept', async () => {
    const server = deviceServer(7, 2);
    const flow = await server.auth.deviceCode();
    await flow.wait();
    expect(server.pollTimes()).toEqual([7000, 14_000, 21_000]);
    server.clock.stop();
  });
});
