import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createMockPlatform, defaultMockClientId, type MockClientOptions, type MockPlatform } from '../src/index';

// mock.clientOptions(): the five options a client needs, named as createClient() and new Platform()
// take them. The mock depends on nothing of the client, so these tests use them as a client does:
// the API with Client-Id and a token, the OAuth server with the client secret, the WebSocket.
// (The README's example spreads them into @platform/core's createClient, and runs as a test of
// apps/readme-examples.)

let mock: MockPlatform;
afterEach(async () => {
  await mock?.close();
});

/** A user of the application in `options` and the answer of Get Users with their token, as a client makes the call. */
async function getUsers(options: MockClientOptions) {
  const streamer = mock.addUser({ login: 'streamer' });
  const { accessToken } = mock.issueToken({ clientId: options.clientId, userId: streamer.id });
  const response = await fetch(`${options.baseUrl}/users`, { headers: { Authorization: `Bearer ${accessToken}`, 'Client-Id': options.clientId } });
  return { streamer, status: response.status, body: (await response.json()) as { data: { id: string }[] } };
}

describe('mock.clientOptions()', () => {
  it('gives the application and the three addresses, in the client option names', async () => {
    mock = await createMockPlatform();
    const app = mock.addClient({ clientId: 'my-app', clientSecret: 'my-secret' });
    const options = mock.clientOptions(app);
    expect(options).toEqual({ clientId: 'my-app', clientSecret: 'my-secret', baseUrl: mock.baseUrl, authUrl: mock.authUrl, eventSubWsUrl: mock.eventSubWsUrl });
    expect(mock.clientOptions('my-app')).toEqual(options);
  });

  it('without an application registers the default one once, with a made-up secret', async () => {
    mock = await createMockPlatform();
    mock.addClient({ clientId: 'other-app' });
    const options = mock.clientOptions();
    expect(options.clientId).toBe(defaultMockClientId);
    expect(options.clientId).toBe('mock-client');
    expect(options.clientSecret).toMatch(/^[\w-]{10,}$/);
    expect(mock.state.clients.get('mock-client')?.clientSecret).toBe(options.clientSecret);
    expect(mock.clientOptions()).toEqual(options);
    expect([...mock.state.clients.keys()]).toEqual(['other-app', 'mock-client']);
  });

  it('refuses an application that is not registered', async () => {
    mock = await createMockPlatform();
    expect(() => mock.clientOptions('nobody')).toThrow('No application nobody is registered with the mock: register it with mock.addClient().');
  });

  it('reaches the API: a call with a token of the application answers', async () => {
    mock = await createMockPlatform();
    const { streamer, status, body } = await getUsers(mock.clientOptions());
    expect(status).toBe(200);
    expect(body.data.map((user) => user.id)).toEqual([streamer.id]);
    expect(mock.requests.at(-1)).toMatchObject({ server: 'helix', path: '/users', clientId: 'mock-client', status: 200 });
  });

  it('reaches the OAuth server: the client secret gets an app token', async () => {
    mock = await createMockPlatform();
    const options = mock.clientOptions();
    const body = new URLSearchParams({ client_id: options.clientId, client_secret: options.clientSecret, grant_type: 'client_credentials' });
    const response = await fetch(`${options.authUrl}/token`, { method: 'POST', body });
    expect(response.status).toBe(200);
    const { access_token } = (await response.json()) as { access_token: string };
    expect(mock.state.tokens.get(access_token)).toMatchObject({ clientId: 'mock-client', userId: undefined });
  });

  it('reaches the EventSub WebSocket: a socket is welcomed', async () => {
    mock = await createMockPlatform();
    const socket = new WebSocket(mock.clientOptions().eventSubWsUrl);
    try {
      const first = await new Promise<{ metadata: { message_type: string } }>((resolve, reject) => {
        socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString('utf8'))));
        socket.once('error', reject);
      });
      expect(first.metadata.message_type).toBe('session_welcome');
    } finally {
      socket.close();
    }
  });
});
