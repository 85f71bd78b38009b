import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { check, readReference, type Declared } from './check.ts';
import { htmlToText, textFileNameFor } from './convert.ts';
import { parseReference, parseScopes } from './reference.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', `${name}.html`), 'utf8');
const out = mkdtempSync(join(tmpdir(), 'reference-convert-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the HTML converter', () => {
  it('writes headings, `| a | b |` rows and code blocks, and leaves the navigation out', () => {
    const text = htmlToText(fixture('reference'));
    expect(text.startsWith('# Twitch API Reference\n| Resource | Endpoint | Description |\n')).toBe(true);
    expect(text).toContain(
      [
        '## Get Chatters',
        '✎',
        'Gets the list of users that are connected to the broadcaster’s chat session.',
        '',
        '### Authorization',
        'Requires one of the following:',
        '- A user access token that includes the moderator:read:chatters scope.',
      ].join('\n'),
    );
    expect(text).toContain('### URL\n`GET https://api.twitch.tv/helix/chat/chatters`\n');
    expect(text).toContain('| first | Integer | No | The maximum number of items to return per page in the response. The minimum page size is 1 item per page and the maximum is 1,000. The default is 100. |');
    // A cell's list runs together, and a `-` line follows its row, as in the stored text.
    expect(text).toContain('| 400 Bad Request | The broadcaster_id query parameter is required.The moderator_id query parameter is required. |\n-\n');
    expect(text).toContain("```\ncurl -X GET 'https://api.twitch.tv/helix/chat/chatters?broadcaster_id=123456&moderator_id=654321' \\\n");
    expect(text).toContain('  - The channel:bot scope for the user represented by the `broadcaster_id` query parameter.');
    expect(text).not.toMatch(/Contents|Docs|Provide feedback|dataLayer/);
  });

  it('names each page as the reference folder does', () => {
    for (const [page, name] of [
      ['reference', 'reference.md'],
      ['eventsub-subscription-types', 'eventsub-subscription-types.md'],
      ['eventsub-reference', 'eventsub-reference.md'],
      ['scopes', 'scopes.md'],
    ] as const) {
      const html = fixture(page);
      expect(textFileNameFor(html, htmlToText(html))).toBe(name);
    }
  });

  it('produces text that the check reads and compares', () => {
    for (const page of ['reference', 'eventsub-subscription-types', 'eventsub-reference', 'scopes']) {
      const html = fixture(page);
      const text = htmlToText(html);
      writeFileSync(join(out, textFileNameFor(html, text)!), text);
    }
    const reference = readReference(out);
    expect(reference.operations.map((operation) => `${operation.method} ${operation.path} ${operation.token} ${operation.scopes.join(',')}`)).toEqual([
      'GET /chat/chatters either moderator:read:chatters',
      'POST /chat/messages either user:write:chat',
    ]);
    expect(reference.eventTypes.map((type) => [`${type.type}@${type.version}`, type.condition?.fields.map((field) => field.name), type.payload?.fields.length])).toEqual([
      ['channel.follow@2', ['broadcaster_user_id', 'moderator_user_id'], 7],
      ['stream.offline@1', ['broadcaster_user_id'], 4],
    ]);
    const followFields = ['user_id', 'user_login', 'user_name', 'broadcaster_user_id', 'broadcaster_user_login', 'broadcaster_user_name', 'followed_at'];
    const code: Declared = {
      operations: [
        {
          name: 'chat.chatters',
          packageName: 'api-chat',
          method: 'GET',
          path: '/chat/chatters',
          token: 'either',
          scopes: ['moderator:read:chatters'],
          actingUser: 'moderator_id',
          params: [
            { name: 'broadcaster_id', in: 'query', kind: 'string', required: true },
            { name: 'moderator_id', in: 'query', kind: 'string', required: false },
            { name: 'first', in: 'query', kind: 'number', required: false, min: 1, max: 100 },
            { name: 'after', in: 'query', kind: 'string', required: false },
          ],
        },
      ],
      eventTypes: [
        { type: 'channel.follow', version: '2', required: ['broadcaster_user_id', 'moderator_user_id'], optional: [], topFields: followFields, allFields: followFields },
        { type: 'stream.offline', version: '1', required: ['broadcaster_user_id'], optional: [], topFields: ['broadcaster_user_id', 'broadcaster_user_login', 'broadcaster_user_name'], allFields: ['broadcaster_user_id', 'broadcaster_user_login', 'broadcaster_user_name'] },
      ],
    };
    const found = check(reference, code, {}).differences.map((difference) => `${difference.subject} ${difference.field}: ${difference.reference} / ${difference.declared}`);
    expect(found).toEqual([
      'chat.chatters param first: max: 1000 / 100',
      'POST /chat/messages missing: Send Chat Message (POST https://api.twitch.tv/helix/chat/messages) / not declared',
      'stream.offline@1 payload id: missing: listed / not in the event type',
    ]);
    expect(parseReference(readFileSync(join(out, 'reference.md'), 'utf8'), parseScopes(readFileSync(join(out, 'scopes.md'), 'utf8')))[1]!.scopes).toEqual(['user:write:chat']);
  });
});
