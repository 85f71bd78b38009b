/**
 * The schedule's iCalendar: a call without a token whose answer is text. Its declaration says so
 * (`token: 'none'`, `result: textResult`), and core's pipeline sends no Authorization and hands the
 * text over as it came, over the fetch transport here and over `node:http` against the mock in
 * e2e-schedule.test.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, PlatformApiError } from '@platform/core';
import { afterEach, describe, expect, it } from 'vitest';
import { scheduleICalendar } from '../src/index';
import { stubClient } from './stub';

const calendar = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//example//EN\r\nEND:VCALENDAR\r\n';

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = undefined;
});

describe('scheduleICalendar: no token, a text answer', () => {
  it('goes out without Authorization, with the Client-Id, whatever identity the call names', async () => {
    const { client, requests } = stubClient(() => ({ body: calendar, headers: { 'Content-Type': 'text/calendar' } }));
    await expect(scheduleICalendar(client, { broadcaster_id: '1' })).resolves.toBe(calendar);
    await expect(scheduleICalendar(client, { broadcaster_id: '1' }, { as: '42' })).resolves.toBe(calendar);
    await expect(scheduleICalendar(client, { broadcaster_id: '1' }, { token: 'raw-token' })).resolves.toBe(calendar);
    for (const request of requests) {
      expect(request.headers.get('authorization')).toBeNull();
      expect(request.headers.get('client-id')).toBe('cid');
      expect(request.url.href).toBe('https://api.test/helix/schedule/icalendar?broadcaster_id=1');
    }
  });

  it('hands over text that would not parse as JSON, and text that would, exactly as sent', async () => {
    const bodies = ['not { json', '{"data":[]}', '42', ''];
    const { client } = stubClient((_request, index) => ({ body: bodies[index], headers: { 'Content-Type': 'text/calendar' } }));
    for (const body of bodies) await expect(scheduleICalendar(client, { broadcaster_id: '1' })).resolves.toBe(body);
  });

  it('an error answer is still the platform’s PlatformApiError, its JSON body read as usual', async () => {
    const { client } = stubClient(() => ({ status: 400, body: { error: 'Bad Request', status: 400, message: 'Invalid broadcaster_id' } }));
    const error = (await scheduleICalendar(client, { broadcaster_id: 'x' }).catch((failure: unknown) => failure)) as PlatformApiError;
    expect(error).toBeInstanceOf(PlatformApiError);
    expect(error.message).toBe('Invalid broadcaster_id (400 on GET /schedule/icalendar)');
  });

  it('works on a client that has no token at all, over the Node transport', async () => {
    const seen: Array<string | undefined> = [];
    server = createServer((request, response) => {
      seen.push(request.headers.authorization);
      response.writeHead(200, { 'Content-Type': 'text/calendar' }).end(calendar);
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = createClient({ clientId: 'cid', baseUrl: `http://127.0.0.1:${port}/helix` });
    await expect(scheduleICalendar(client, { broadcaster_id: '1' })).resolves.toBe(calendar);
    expect(seen).toEqual([undefined]);
  });
});
