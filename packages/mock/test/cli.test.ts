import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';

// The command line runs from its TypeScript source, as a real child process, with the home of its
// store of sent messages in a directory of this test file's own.
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const home = mkdtempSync(join(tmpdir(), 'platform-mock-cli-'));
const nodeArgs = ['--conditions=@platform/source', '--import', 'tsx', 'src/cli/main.ts'];
const env = { ...process.env, PLATFORM_MOCK_HOME: home };
// Each test spawns the command a few times (about half a second each, more on a loaded machine).

afterAll(() => rmSync(home, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [...nodeArgs, ...args], { cwd: packageDir, env, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
    });
  });
}

interface ServeInfo {
  url: string;
  apiUrl: string;
  authUrl: string;
  eventSubWsUrl: string;
  controlsUrl: string;
  port: number;
  clientId: string;
  clientSecret: string;
  appToken: string;
  user: { id: string; login: string };
  userToken: string;
  stateRestored?: boolean;
}

interface Serving {
  info: ServeInfo;
  child: ChildProcess;
  stderr: () => string;
  /** Sends the signal and resolves the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `serve --json` and resolves once its line of JSON is out. */
function startServe(args: string[]): Promise<Serving> {
  const child = spawn(process.execPath, [...nodeArgs, 'serve', '--port', '0', '--json', ...args], { cwd: packageDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n')[0];
      if (stdout.includes('\n') && line) {
        resolve({
          info: JSON.parse(line) as ServeInfo,
          child,
          stderr: () => stderr,
          stop: (signal = 'SIGTERM') => {
            child.kill(signal);
            return exited;
          },
        });
      }
    });
    void exited.then((code) => reject(new Error(`serve exited (${code}) before it was ready: ${stderr}`)));
  });
}

/** A receiver of our own: records each request (headers and raw body) and answers as `answer` says. */
async function receiver(answer: (request: IncomingMessage, body: string, response: ServerResponse) => void): Promise<{ url: string; received: { headers: IncomingMessage['headers']; body: string }[]; close(): Promise<void> }> {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server: Server = createHttpServer((request, response) => {
    let body = '';
    request.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      answer(request, body, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/eventsub`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The platform's signature check, written here from the documentation (not the mock's function). */
function signatureValid(secret: string, headers: IncomingMessage['headers'], body: string): boolean {
  const id = headers['twitch-eventsub-message-id'] as string;
  const timestamp = headers['twitch-eventsub-message-timestamp'] as string;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(id + timestamp + body).digest('hex')}`);
  const given = Buffer.from(String(headers['twitch-eventsub-message-signature']));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const secret = 'a-secret-of-the-test';

describe('platform-mock serve', { timeout: 60_000 }, () => {
  let serving: Serving;

  beforeAll(async () => {
    serving = await startServe([]);
  }, 30_000);

  afterAll(async () => {
    if (serving.child.exitCode === null) await serving.stop();
  });

  it('answers the HTTP API with the printed user token and client ID', async () => {
    const { info } = serving;
    expect(info.apiUrl).toBe(`http://127.0.0.1:${info.port}/helix`);
    expect(info.controlsUrl).toBe(`http://127.0.0.1:${info.port}/mock/`);
    const response = await fetch(`${info.apiUrl}/users`, { headers: { Authorization: `Bearer ${info.userToken}`, 'Client-Id': info.clientId } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { data: { id: string; login: string }[] };
    expect(body.data).toEqual([expect.objectContaining({ id: info.user.id, login: 'streamer' })]);
    const app = await fetch(`${info.apiUrl}/users?login=streamer`, { headers: { Authorization: `Bearer ${info.appToken}`, 'Client-Id': info.clientId } });
    expect(app.status).toBe(200);
  });

  it('answers OAuth: client credentials with the printed client, then validate', async () => {
    const { info } = serving;
    const grant = await fetch(`${info.authUrl}/token`, {
      method: 'POST',
      body: new URLSearchParams({ client_id: info.clientId, client_secret: info.clientSecret, grant_type: 'client_credentials' }),
    });
    expect(grant.status).toBe(200);
    const { access_token: token } = (await grant.json()) as { access_token: string };
    const validate = await fetch(`${info.authUrl}/validate`, { headers: { Authorization: `OAuth ${token}` } });
    expect(await validate.json()).toMatchObject({ client_id: info.clientId });
    const wrong = await fetch(`${info.authUrl}/token`, { method: 'POST', body: new URLSearchParams({ client_id: info.clientId, client_secret: 'not-it', grant_type: 'client_credentials' }) });
    expect(wrong.status).toBe(403);
  });

  it('serves the sign-in page a browser clicks through: an app registered over /mock/ gets a code for the user clicked', async () => {
    const { info } = serving;
    const redirectUri = 'http://127.0.0.1:3999/callback';
    const added = await fetch(`${info.controlsUrl}clients.add`, { method: 'POST', body: JSON.stringify({ clientId: 'browser-app', redirectUris: [redirectUri] }) });
    expect(added.status).toBe(200);
    const query = new URLSearchParams({ client_id: 'browser-app', redirect_uri: redirectUri, response_type: 'code', scope: 'user:read:chat' });
    const page = await fetch(`${info.authUrl}/authorize?${query}`, { redirect: 'manual' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`value="${info.user.id}">Sign in as streamer`);
    const clicked = await fetch(`${info.authUrl}/authorize`, { method: 'POST', body: new URLSearchParams({ ...Object.fromEntries(query), user_id: info.user.id }), redirect: 'manual' });
    expect(clicked.status).toBe(302);
    expect(new URL(clicked.headers.get('location')!).searchParams.get('code')).toMatch(/./);
  });

  it('welcomes on the EventSub WebSocket, and trigger --transport websocket reaches a subscription there', async () => {
    const { info } = serving;
    const socket = new WebSocket(info.eventSubWsUrl);
    const messages: { metadata: { message_type: string; message_id: string }; payload: Record<string, unknown> }[] = [];
    const next = (type: string) =>
      new Promise<Record<string, unknown>>((resolve) => {
        const look = () => {
          const found = messages.find((message) => message.metadata.message_type === type);
          if (found) resolve(found.payload);
          else setTimeout(look, 20);
        };
        look();
      });
    socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString('utf8')) as (typeof messages)[number]));
    try {
      const welcome = (await next('session_welcome')) as { session: { id: string; status: string } };
      expect(welcome.session.status).toBe('connected');
      const created = await fetch(`${info.apiUrl}/eventsub/subscriptions`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${info.userToken}`, 'Client-Id': info.clientId, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'channel.follow', version: '2', condition: { broadcaster_user_id: info.user.id, moderator_user_id: info.user.id }, transport: { method: 'websocket', session_id: welcome.session.id } }),
      });
      expect(created.status).toBe(202);
      const raised = await run(['trigger', 'channel.follow', '--transport', 'websocket', '--to', info.url, '--field', `broadcaster_user_id=${info.user.id}`, '--field', 'user_name=CliFan', '--json']);
      expect(raised.stderr).toBe('');
      expect(JSON.parse(raised.stdout)).toEqual({ type: 'channel.follow@2', delivered: 1 });
      const notification = (await next('notification')) as { event: { user_name: string; broadcaster_user_id: string } };
      expect(notification.event).toMatchObject({ user_name: 'CliFan', broadcaster_user_id: info.user.id });
      // retrigger --transport websocket: the serve sends the message again, with the same message id.
      const sent = messages.filter((message) => message.metadata.message_type === 'notification');
      const messageId = sent[0]!.metadata.message_id;
      const again = await run(['retrigger', messageId, '--transport', 'websocket', '--to', info.url, '--json']);
      expect(again.stderr).toBe('');
      expect(JSON.parse(again.stdout)).toMatchObject({ messageId });
      await new Promise<void>((resolve) => {
        const look = () => (messages.filter((message) => message.metadata.message_type === 'notification').length > 1 ? resolve() : setTimeout(look, 20));
        look();
      });
      const repeated = messages.filter((message) => message.metadata.message_type === 'notification');
      expect(repeated.map((message) => message.metadata.message_id)).toEqual([messageId, messageId]);
      expect(repeated[1]!.payload).toEqual(repeated[0]!.payload);
    } finally {
      socket.close();
    }
  });

  it('is driven over /mock/ and /helix by a Python script of the standard library', async () => {
    const result = await new Promise<Run>((resolve) => {
      execFile('python3', [fileURLToPath(new URL('cli-fixtures/drive.py', import.meta.url)), serving.info.url], { timeout: 20_000 }, (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      });
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ broadcasterType: 'partner', live: 'live', refusedStatus: 400 });
  });

  it('token prints a user token (the user added) and an app token, read from /mock/', async () => {
    const { info } = serving;
    const [user, app] = await Promise.all([run(['token', '--to', info.url, '--user', 'CliViewer', '--scopes', 'user:read:email,chat:read', '--json']), run(['token', '--to', info.url, '--app'])]);
    expect(user.stderr).toBe('');
    const issued = JSON.parse(user.stdout) as { accessToken: string; login: string; scopes: string[] };
    expect(issued).toMatchObject({ login: 'cliviewer', scopes: ['user:read:email', 'chat:read'], clientId: 'mock-client' });
    const validate = (await (await fetch(`${info.authUrl}/validate`, { headers: { Authorization: `OAuth ${issued.accessToken}` } })).json()) as Record<string, unknown>;
    expect(validate).toMatchObject({ login: 'cliviewer', scopes: ['user:read:email', 'chat:read'] });
    expect(app.code).toBe(0);
    const appToken = app.stdout.trim();
    const appValidate = (await (await fetch(`${info.authUrl}/validate`, { headers: { Authorization: `OAuth ${appToken}` } })).json()) as Record<string, unknown>;
    expect(appValidate.client_id).toBe('mock-client');
    expect(appValidate.user_id).toBeUndefined();
  });

  it('refuses a second serve on its port in one line, and stops with exit 0 on SIGTERM', async () => {
    const second = await run(['serve', '--port', String(serving.info.port)]);
    expect(second.code).toBe(1);
    expect(second.stderr).toBe(`platform-mock: serve: port ${serving.info.port} is in use (pick another with --port, or --port 0 for a free one)\n`);
    expect(await serving.stop('SIGTERM')).toBe(0);
    await expect(fetch(`${serving.info.apiUrl}/users`)).rejects.toThrow();
  });
});

describe('platform-mock trigger, retrigger, verify-subscription', { timeout: 60_000 }, () => {
  it('trigger sends one signed notification with the platform headers; retrigger sends it again with retry 1', async () => {
    const target = await receiver((_request, _body, response) => response.writeHead(204).end());
    try {
      const sent = await run(['trigger', 'channel.cheer', '--to', target.url, '--secret', secret, '--field', 'bits=1234', '--field', 'user_name=Cheery', '--field', 'extra.note=hi', '--json']);
      expect(sent.stderr).toBe('');
      expect(sent.code).toBe(0);
      const printed = JSON.parse(sent.stdout) as { messageId: string; request: { headers: Record<string, string>; body: unknown }; response: { status: number } };
      expect(printed.response.status).toBe(204);
      expect(target.received).toHaveLength(1);
      const [first] = target.received;
      expect(signatureValid(secret, first!.headers, first!.body)).toBe(true);
      expect(signatureValid('another-secret-x', first!.headers, first!.body)).toBe(false);
      expect(first!.headers).toMatchObject({
        'content-type': 'application/json',
        'twitch-eventsub-message-id': printed.messageId,
        'twitch-eventsub-message-retry': '0',
        'twitch-eventsub-message-type': 'notification',
        'twitch-eventsub-subscription-type': 'channel.cheer',
        'twitch-eventsub-subscription-version': '1',
      });
      expect(Date.now() - Date.parse(first!.headers['twitch-eventsub-message-timestamp'] as string)).toBeLessThan(30_000);
      const body = JSON.parse(first!.body) as { subscription: Record<string, unknown>; event: Record<string, unknown> };
      expect(body.subscription).toMatchObject({ type: 'channel.cheer', version: '1', status: 'enabled', condition: { broadcaster_user_id: '41520837' }, transport: { method: 'webhook', callback: target.url } });
      expect(body.event).toMatchObject({ bits: 1234, user_name: 'Cheery', broadcaster_user_id: '41520837', extra: { note: 'hi' } });
      expect(printed.request.body).toEqual(body);
      expect(printed.request.headers['Twitch-Eventsub-Message-Signature']).toBe(first!.headers['twitch-eventsub-message-signature']);

      const again = await run(['retrigger', printed.messageId, '--json']);
      expect(again.stderr).toBe('');
      expect(again.code).toBe(0);
      expect(target.received).toHaveLength(2);
      const second = target.received[1]!;
      expect(second.body).toBe(first!.body);
      expect(second.headers['twitch-eventsub-message-id']).toBe(printed.messageId);
      expect(second.headers['twitch-eventsub-message-retry']).toBe('1');
      expect(signatureValid(secret, second.headers, second.body)).toBe(true);
      const third = await run(['retrigger', printed.messageId]);
      expect(third.code).toBe(0);
      expect(target.received[2]!.headers['twitch-eventsub-message-retry']).toBe('2');

      const unknown = await run(['retrigger', '00000000-0000-0000-0000-000000000000']);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/^platform-mock: retrigger: no message 00000000-0000-0000-0000-000000000000 in .*sent\.json/);
      expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    } finally {
      await target.close();
    }
  });

  it('trigger prints the answer; a non-2xx answer is exit 1; a batched type carries events', async () => {
    const target = await receiver((_request, _body, response) => response.writeHead(403, { 'Content-Type': 'text/plain' }).end('bad signature'));
    try {
      const sent = await run(['trigger', 'drop.entitlement.grant', '--to', target.url, '--secret', secret, '--field', 'user_login=dropper']);
      expect(sent.code).toBe(1);
      expect(sent.stdout).toContain('HTTP 403');
      expect(sent.stdout).toContain('bad signature');
      expect(sent.stdout).toMatch(/^POST http:\/\/127\.0\.0\.1:\d+\/eventsub\nContent-Type: application\/json\n/);
      expect(sent.stderr).toBe('platform-mock: trigger: the receiver answered 403, not 2xx\n');
      const body = JSON.parse(target.received[0]!.body) as { events: { id: string; data: Record<string, unknown> }[]; subscription: { condition: Record<string, string> } };
      expect(body.events).toHaveLength(1);
      expect(body.events[0]!.data.user_login).toBe('dropper');
      expect(body.subscription.condition.organization_id).toBe(body.events[0]!.data.organization_id);
    } finally {
      await target.close();
    }
  });

  it('verify-subscription: right for 200 with the challenge as text/plain, wrong (exit 1, with the reason) otherwise', async () => {
    let mode: 'right' | 'json' | 'status' = 'right';
    const target = await receiver((request, body, response) => {
      const { challenge } = JSON.parse(body) as { challenge: string };
      expect(request.headers['twitch-eventsub-message-type']).toBe('webhook_callback_verification');
      if (!signatureValid(secret, request.headers, body)) return void response.writeHead(403).end();
      if (mode === 'right') response.writeHead(200, { 'Content-Type': 'text/plain' }).end(challenge);
      else if (mode === 'json') response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ challenge }));
      else response.writeHead(202, { 'Content-Type': 'text/plain' }).end(challenge);
    });
    try {
      const right = await run(['verify-subscription', 'stream.online', '--to', target.url, '--secret', secret, '--json']);
      expect(right.stderr).toBe('');
      expect(right.code).toBe(0);
      const verdict = JSON.parse(right.stdout) as { valid: boolean; challenge: string; warnings: string[]; request: { body: { subscription: Record<string, unknown> } } };
      expect(verdict).toMatchObject({ valid: true, problems: [], warnings: [] });
      expect(verdict.request.body.subscription).toMatchObject({ type: 'stream.online', status: 'webhook_callback_verification_pending' });
      expect(JSON.parse(target.received[0]!.body)).toMatchObject({ challenge: verdict.challenge });

      mode = 'json';
      const json = await run(['verify-subscription', 'stream.online', '--to', target.url, '--secret', secret]);
      expect(json.code).toBe(1);
      expect(json.stdout).toContain('Not valid: the body is "{\\"challenge\\"');
      expect(json.stdout).toContain("Warning: the Content-Type is application/json; the platform's guide asks for text/plain.");
      expect(json.stderr).toMatch(/^platform-mock: verify-subscription: the answer is wrong: the body is .*, not the challenge [0-9a-f-]{36}\n$/);

      mode = 'status';
      const status = await run(['verify-subscription', 'stream.online', '--to', target.url, '--secret', secret]);
      expect(status.code).toBe(1);
      expect(status.stderr).toBe('platform-mock: verify-subscription: the answer is wrong: status 202, not 200\n');

      const wrongSecret = await run(['verify-subscription', 'stream.online', '--to', target.url, '--secret', 'not-the-receivers-secret']);
      expect(wrongSecret.code).toBe(1);
      expect(wrongSecret.stderr).toContain('status 403, not 200');
    } finally {
      await target.close();
    }
  });
});

describe('platform-mock serve --state and --seed', { timeout: 60_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'platform-mock-state-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps users, clients, tokens and the groups\' records (a poll) across a restart', async () => {
    const state = join(dir, 'state.json');
    const first = await startServe(['--state', state]);
    expect(first.info.stateRestored).toBe(false);
    const issued = await run(['token', '--to', first.info.url, '--user', 'keeper', '--scopes', 'user:read:email', '--json']);
    const { accessToken } = JSON.parse(issued.stdout) as { accessToken: string };
    // A group's records are kept too: a poll of the streamer.
    const asStreamer = { Authorization: `Bearer ${first.info.userToken}`, 'Client-Id': first.info.clientId, 'Content-Type': 'application/json' };
    const created = await fetch(`${first.info.apiUrl}/polls`, {
      method: 'POST',
      headers: asStreamer,
      body: JSON.stringify({ broadcaster_id: first.info.user.id, title: 'Kept?', choices: [{ title: 'yes' }, { title: 'no' }], duration: 1800 }),
    });
    expect(created.status).toBe(200);
    const pollsBefore = await (await fetch(`${first.info.apiUrl}/polls?broadcaster_id=${first.info.user.id}`, { headers: asStreamer })).json();
    expect(await first.stop('SIGTERM')).toBe(0);
    const kept = JSON.parse(readFileSync(state, 'utf8')) as { state: { users: { login: string }[] } };
    expect(kept.state.users.map((user) => user.login)).toEqual(['streamer', 'keeper']);

    const second = await startServe(['--state', state]);
    try {
      expect(second.info.stateRestored).toBe(true);
      // The same ready-made credentials, and the token issued before the restart still works.
      expect(second.info).toMatchObject({ clientId: first.info.clientId, clientSecret: first.info.clientSecret, userToken: first.info.userToken, appToken: first.info.appToken });
      const response = await fetch(`${second.info.apiUrl}/users`, { headers: { Authorization: `Bearer ${accessToken}`, 'Client-Id': second.info.clientId } });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: { login: string; email?: string }[] }).data[0]).toMatchObject({ login: 'keeper' });
      const pollsAfter = await (await fetch(`${second.info.apiUrl}/polls?broadcaster_id=${second.info.user.id}`, { headers: { Authorization: `Bearer ${second.info.userToken}`, 'Client-Id': second.info.clientId } })).json();
      expect(pollsAfter).toEqual(pollsBefore);
      // A user added after the restart gets a fresh ID.
      const added = (await (await fetch(`${second.info.controlsUrl}users.add`, { method: 'POST', body: JSON.stringify({ login: 'later' }) })).json()) as { id: string };
      expect(added.id).toBe('1002');
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
  });

  it('loads a seed (a fixed token works), and refuses a bad seed in one line naming the entry', async () => {
    const seed = join(dir, 'seed.json');
    writeFileSync(
      seed,
      JSON.stringify({
        clients: [{ clientId: 'seeded-app', clientSecret: 'seeded-secret' }],
        users: [{ login: 'SeedStreamer', id: '424242', broadcaster_type: 'affiliate' }, { login: 'seedmod' }],
        tokens: [{ user: 'seedstreamer', scopes: ['channel:read:vips'], accessToken: 'seeded-user-token', expiresIn: null }],
        channels: [{ broadcaster: 'seedstreamer', title: 'Seeded title', moderators: ['seedmod'] }],
      }),
    );
    const bad = join(dir, 'bad-seed.json');
    writeFileSync(bad, JSON.stringify({ users: [{ login: 'ok' }, { login: 'has space' }] }));
    const [serving, refused] = await Promise.all([startServe(['--seed', seed]), run(['serve', '--port', '0', '--seed', bad])]);
    try {
      expect(serving.info).toMatchObject({ clientId: 'seeded-app', clientSecret: 'seeded-secret', user: { id: '424242', login: 'seedstreamer' } });
      const headers = { Authorization: 'Bearer seeded-user-token', 'Client-Id': 'seeded-app' };
      const channel = (await (await fetch(`${serving.info.apiUrl}/channels?broadcaster_id=424242`, { headers })).json()) as { data: { title: string }[] };
      expect(channel.data[0]!.title).toBe('Seeded title');
      const mods = await fetch(`${serving.info.apiUrl}/moderation/moderators?broadcaster_id=424242`, { headers: { ...headers, Authorization: `Bearer ${serving.info.userToken}` } });
      expect(((await mods.json()) as { data: { user_login: string }[] }).data.map((each) => each.user_login)).toEqual(['seedmod']);
    } finally {
      await serving.stop();
    }
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(`platform-mock: serve: seed ${bad}: users[1].login: must be 1 to 25 letters, digits or underscores\n`);
  });
});

describe('platform-mock bad input', { timeout: 60_000 }, () => {
  it('is one line on stderr and a non-zero exit', async () => {
    const busy = createTcpServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const busyPort = (busy.address() as { port: number }).port;
    try {
      const cases: [string[], RegExp][] = [
        [['trigger', 'channel.folow', '--to', 'http://127.0.0.1:9/x', '--secret', secret], /^platform-mock: trigger: unknown EventSub type "channel\.folow"; did you mean channel\.follow\?/],
        [['trigger', 'channel.follow@7', '--to', 'http://127.0.0.1:9/x', '--secret', secret], /^platform-mock: trigger: channel\.follow has no version "7"; it has 2$/],
        [['trigger', 'channel.follow', '--to', 'http://127.0.0.1:9/x', '--secret', 'short'], /^platform-mock: trigger: the secret must be 10 to 100 ASCII characters/],
        [['trigger', 'channel.follow', '--to', 'not a url', '--secret', secret], /^platform-mock: trigger: --to "not a url" is not a URL/],
        [['verify-subscription', 'channel.follow', '--to', 'ftp://127.0.0.1/x', '--secret', secret], /^platform-mock: verify-subscription: --to "ftp:\/\/127\.0\.0\.1\/x" is not an http or https URL$/],
        [['serve', '--port', String(busyPort)], new RegExp(`^platform-mock: serve: port ${busyPort} is in use`)],
        [['serve', '--host', '0.0.0.0'], /^platform-mock: serve: --host 0\.0\.0\.0 is not supported/],
        [['frobnicate'], /^platform-mock: unknown command "frobnicate"/],
        [['trigger', 'stream.online', '--bogus'], /^platform-mock: trigger: unknown option --bogus/],
      ];
      const results = await Promise.all(cases.map(([args]) => run(args)));
      results.forEach((result, i) => {
        const [args, pattern] = cases[i]!;
        expect(result.code, args.join(' ')).not.toBe(0);
        expect(result.stdout, args.join(' ')).toBe('');
        expect(result.stderr.split('\n'), args.join(' ')).toHaveLength(2);
        expect(result.stderr.trim(), args.join(' ')).toMatch(pattern);
      });
      // An unreachable receiver: the request is printed, the failure is one line.
      const unreachable = await run(['trigger', 'stream.online', '--to', `http://127.0.0.1:${busyPort}/gone`, '--secret', secret, '--timeout', '500']);
      expect(unreachable.code).toBe(1);
      expect(unreachable.stderr).toMatch(/^platform-mock: trigger: no answer from http:\/\/127\.0\.0\.1:\d+\/gone \(.+\)\n$/);
      expect(unreachable.stderr).toContain('(no answer within 500 ms)');
      const closed = createTcpServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const closedPort = (closed.address() as { port: number }).port;
      await new Promise((resolve) => closed.close(resolve));
      const [refused, noServe] = await Promise.all([
        run(['trigger', 'stream.online', '--to', `http://127.0.0.1:${closedPort}/`, '--secret', secret]),
        run(['token', '--to', `http://127.0.0.1:${closedPort}`, '--app']),
      ]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toBe(`platform-mock: trigger: no answer from http://127.0.0.1:${closedPort}/ (ECONNREFUSED)\n`);
      expect(noServe.code).toBe(1);
      expect(noServe.stderr).toBe(`platform-mock: token: no platform-mock serve answers at http://127.0.0.1:${closedPort} (ECONNREFUSED); start one with platform-mock serve\n`);
    } finally {
      busy.close();
    }
  });

  it('--help of the whole and of each command', async () => {
    const [all, ...each] = await Promise.all([run(['--help']), ...['serve', 'trigger', 'retrigger', 'verify-subscription', 'token', 'types'].map((command) => run([command, '--help']))]);
    expect(all.code).toBe(0);
    for (const command of ['serve', 'trigger', 'retrigger', 'verify-subscription', 'token']) expect(all.stdout).toContain(`  ${command}`);
    for (const result of each) {
      expect(result.code).toBe(0);
      expect(result.stdout).toMatch(/^Usage: platform-mock /);
    }
  });
});
