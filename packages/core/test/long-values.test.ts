import { describe, expect, it } from 'vitest';
import { createClient, defineOperation, PlatformError, stringParam, validateParams } from '../src/index';
import { describe as describeValue } from '../src/options';

// A message names the parameter and the rule, and shows at most 40 characters of what was given.
const announce = defineOperation<{ broadcaster_id: string; message: string; color?: string }, void>({
  name: 'chat.announce', method: 'POST', path: '/chat/announcements', token: 'either', scopes: [],
  params: {
    broadcaster_id: { type: 'string', in: 'query', required: true },
    message: { type: stringParam, in: 'body', required: true, maxLength: 500 },
    color: { type: stringParam, in: 'body', oneOf: ['blue', 'green'] },
  },
  result: { name: 'void', shape: () => undefined },
});

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return (error as Error).message;
  }
  throw new Error('nothing was thrown');
}

describe('values in messages', () => {
  it('cuts a 600-character parameter to its first 40 characters, with an ellipsis and its length', () => {
    const message = messageOf(() => validateParams(announce, { broadcaster_id: '1', message: 'a'.repeat(600) }));
    expect(message).toBe(`The parameter message of chat.announce must hold at most 500 characters; got "${'a'.repeat(40)}…" (600 characters).`);
    expect(message).not.toContain('a'.repeat(41));
  });

  it('shows a value of 40 characters or fewer whole', () => {
    expect(messageOf(() => validateParams(announce, { broadcaster_id: '1', message: 'hi', color: 'c'.repeat(40) }))).toBe(
      `The parameter color of chat.announce must be one of "blue", "green"; got "${'c'.repeat(40)}".`,
    );
    expect(messageOf(() => validateParams(announce, { broadcaster_id: '1', message: 'hi', color: 'c'.repeat(41) }))).toContain(
      `got "${'c'.repeat(40)}…" (41 characters).`,
    );
  });

  it('cuts long values in option messages and in client.request() messages', async () => {
    expect(messageOf(() => createClient({ clientId: 'c', baseUrl: `ftp://${'h'.repeat(600)}` }))).toBe(
      `The baseUrl option must be an absolute https: or http: address; got "ftp://${'h'.repeat(34)}…" (606 characters).`,
    );
    const client = createClient({ clientId: 'c', token: 't', fetch: () => Promise.reject(new Error('nothing is sent')) });
    await expect(client.request({ method: 'GET', path: 'p'.repeat(600) })).rejects.toThrow(
      `client.request() needs a path under the base URL, starting with / and without . or .. segments; got "${'p'.repeat(40)}…" (600 characters).`,
    );
    await expect(client.request({ method: 'M'.repeat(100) as 'GET', path: '/users' })).rejects.toThrow(`got "${'M'.repeat(40)}…" (100 characters).`);
  });

  it('leaves short values and kinds as they were', () => {
    expect(describeValue('short')).toBe('"short"');
    expect(describeValue('x'.repeat(40))).toBe(`"${'x'.repeat(40)}"`);
    expect(describeValue(12.5)).toBe('12.5');
    expect(describeValue(null)).toBe('null');
    expect(describeValue({ secret: 'x'.repeat(100) })).toBe('an object');
    expect(describeValue(['x'.repeat(100)])).toBe('an array');
    expect(describeValue(() => 'x')).toBe('a function');
  });
});
