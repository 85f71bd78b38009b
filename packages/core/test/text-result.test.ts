/**
 * `textResult` (an answer that is not JSON, handed over as its text) and `token: 'none'` (an
 * endpoint the platform takes without a token): on the stub fetch, and over loopback sockets with
 * both transports.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  callOperation,
  createClient,
  defineOperation,
  firstResult,
  PlatformApiError,
  PlatformError,
  textResult,
  type Authenticator,
  type ClientOptions,
} from '../src/index';
import { createVirtualClock, type VirtualClock } from '../src/testing/index';
import { stubFetch, testAuthenticator, transports, type SeenRequest, type StubReply } from './stub';

const calendar = ['BEGIN:VCALENDAR', 'PRODID:-//platform//StreamSchedule//1.0', 'VERSION:2.0', 'BEGIN:VEVENT', 'SUMMARY:Monthly update', 'END:VEVENT', 'END:VCALENDAR', ''].join('\r\n');

// Shaped like the schedule group's iCalendar operation: no token, a text answer.
const icalendar = defineOperation<{ broadcaster_id: string }, string>({
  name: 'schedule.scheduleICalendar',
  method: 'GET',
  path: '/schedule/icalendar',
  token: 'none',
  scopes: [],
  params: { broadcaster_id: { type: 'string', in: 'query', required: true } },
  result: textResult,
});
// A text answer from an endpoint that takes a token as usual.
const report = defineOperation<{ id: string }, string>({
  name: 'analytics.report',
  method: 'GET',
  path: '/analytics/report',
  token: 'either',
  scopes: [],
  params: { id: { type: 'string', in: 'query', required: true } },
  result: textResult,
});
// A JSON operation beside them: its answers are still parsed.
const user = defineOperation<{ id: string }, { id: string }>({
  name: 'users.user',
  method: 'GET',
  path: '/users',
  token: 'either',
  scopes: [],
  params: { id: { type: 'string', in: 'query', required: true } },
  result: firstResult,
});

let clock: VirtualClock | undefined;
afterEach(() => clock?.stop());

function setup(handler: (request: SeenRequest, index: number) => StubReply, options: Partial<ClientOptions> = {}) {
  clock = createVirtualClock({ auto: true });
  const stub = stubFetch(clock, handler);
  const client = createClient({ clientId: 'cid', baseUrl: 'https://api.test/helix', fetch: stub.fetch, clock, retries: 0, ...options });
  return { client, requests: stub.requests };
}

/** A reply with a text body and its content type. */
const text = (body: string, type = 'text/calendar; charset=utf-8', status = 200): StubReply => new Response(body, { status, headers: { 'Content-Type': type } });

describe('textResult: the body as text, not parsed as JSON', () => {
  it('resolves with the body exactly as sent', async () => {
    const { client, requests } = setup(() => text(calendar), { token: 'raw-token' });
    await expect(callOperation(client, icalendar, { broadcaster_id: '141981764' })).resolves.toBe(calendar);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.pathname).toBe('/helix/schedule/icalendar');
    expect(requests[0]!.url.search).toBe('?broadcaster_id=141981764');
  });

  it('leaves a body that happens to be JSON as text', async () => {
    const { client } = setup(() => text('{"data":[]}', 'text/plain'), { token: 'raw-token' });
    await expect(callOperation(client, report, { id: 'r1' })).resolves.toBe('{"data":[]}');
  });

  it('gives an empty string for an empty body and for 204', async () => {
    const { client } = setup((_, index) => (index === 0 ? text('', 'text/calendar') : { status: 204 }), { token: 'raw-token' });
    await expect(callOperation(client, report, { id: 'r1' })).resolves.toBe('');
    await expect(callOperation(client, report, { id: 'r1' })).resolves.toBe('');
  });

  it('keeps JSON operations parsing: a body that is not JSON is still their error', async () => {
    const { client } = setup(() => text(calendar), { token: 'raw-token' });
    const error = await callOperation(client, user, { id: '1' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformError);
    expect((error as Error).message).toBe('GET /users answered with a body that is not JSON.');
    expect((error as Error).cause).toBeInstanceOf(SyntaxError);
  });

  it('reads an error answer of a text operation as any other: a PlatformApiError with the platform message', async () => {
    const { client } = setup(() => ({ status: 400, body: { error: 'Bad Request', status: 400, message: 'The broadcaster_id query parameter is required.' } }));
    const error = await callOperation(client, icalendar, { broadcaster_id: 'x' }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(PlatformApiError);
    expect((error as PlatformApiError).status).toBe(400);
    expect((error as Error).message).toBe('The broadcaster_id query parameter is required. (400 on GET /schedule/icalendar)');
  });

  it('is plain data that says so', () => {
    expect(textResult.name).toBe('text');
    expect(textResult.text).toBe(true);
    expect(firstResult.text).toBeUndefined();
  });
});

describe("token 'none': sent without Authorization, whatever identity the client has", () => {
  it('needs no token at all: a client without one still makes the call', async () => {
    const { client, requests } = setup(() => text(calendar));
    await expect(callOperation(client, icalendar, { broadcaster_id: '1' })).resolves.toBe(calendar);
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(requests[0]!.headers.get('client-id')).toBe('cid');
  });

  it('a client without a token still refuses an operation that needs one', async () => {
    const { client, requests } = setup(() => text(calendar));
    await expect(callOperation(client, report, { id: 'r1' })).rejects.toThrow('GET /analytics/report needs an app access token');
    expect(requests).toHaveLength(0);
  });

  it('asks no authenticator, and ignores the as and token options', async () => {
    let asked = 0;
    const { authenticator } = testAuthenticator();
    const counting: Authenticator = {
      credential: (request) => {
        asked++;
        return authenticator.credential(request);
      },
    };
    const { client, requests } = setup(() => text(calendar), { authenticator: () => counting });
    await callOperation(client, icalendar, { broadcaster_id: '1' });
    await callOperation(client, icalendar, { broadcaster_id: '1' }, { as: '77' });
    await callOperation(client, icalendar, { broadcaster_id: '1' }, { token: 'given-by-hand' });
    expect(asked).toBe(0);
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([null, null, null]);
    // The same client sends its token to an operation that takes one.
    await callOperation(client, report, { id: 'r1' }, { as: '77' });
    expect(asked).toBe(1);
    expect(requests[3]!.headers.get('authorization')).toBe('Bearer user-token-77');
  });

  it('does not try to renew anything after a 401', async () => {
    const renewals: string[] = [];
    const { authenticator } = testAuthenticator((credential) => {
      renewals.push(credential.accessToken);
      return Promise.resolve(undefined);
    });
    const { client, requests } = setup(() => ({ status: 401, body: { error: 'Unauthorized', status: 401, message: 'Nope.' } }), { authenticator: () => authenticator });
    await expect(callOperation(client, icalendar, { broadcaster_id: '1' })).rejects.toBeInstanceOf(PlatformApiError);
    expect(renewals).toEqual([]);
    expect(requests).toHaveLength(1);
  });
});

describe.each(transports)('over loopback sockets (%s)', (_, fetch) => {
  const servers: http.Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('reads a text/calendar answer whole, sent without Authorization', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const server = http.createServer((request, response) => {
      seen.push(request.headers);
      request.resume();
      response.writeHead(200, { 'Content-Type': 'text/calendar' });
      // Two writes: the body is read to its end, not from the first chunk.
      response.write(calendar.slice(0, 20));
      response.end(calendar.slice(20));
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createClient({ clientId: 'cid', baseUrl: `http://127.0.0.1:${port}/helix`, retries: 0, ...(fetch && { fetch }) });
    await expect(callOperation(client, icalendar, { broadcaster_id: '1' })).resolves.toBe(calendar);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBeUndefined();
    expect(seen[0]!['client-id']).toBe('cid');
  });
});
