import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readKnownList } from './allow.ts';
import { check, loadDeclared, readReference, type CheckResult, type Declared } from './check.ts';
import { appDirectory, defaultReferenceDirectory } from './paths.ts';
import { formatReport } from './report.ts';

const run = promisify(execFile);

// The reference text of ../shared/reference/official (CI's clean clone has shared/ beside it).
const official = defaultReferenceDirectory;
const allow = readKnownList(join(appDirectory, 'allow.json'));

let code: Declared;
let copy: string;
beforeAll(async () => {
  if (!existsSync(official)) throw new Error(`${official} is missing: the reference text is expected beside the repository, in ../shared/reference/official.`);
  code = await loadDeclared();
  copy = mkdtempSync(join(tmpdir(), 'reference-check-'));
  cpSync(official, copy, { recursive: true });
});
afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** The check of a copy of the official text with one line replaced. */
function checkChanged(file: string, from: string, to: string): CheckResult {
  const path = join(copy, file);
  const original = readFileSync(join(official, file), 'utf8');
  expect(original.split(from).length, `"${from}" occurs once in ${file}`).toBe(2);
  writeFileSync(path, original.replace(from, to));
  try {
    return check(readReference(copy), code, { allow });
  } finally {
    writeFileSync(path, original);
  }
}

describe('pnpm reference:check against ../shared/reference/official', () => {
  it('is clean with the allow-list, and matches every operation and event type it can', () => {
    const result = check(readReference(official), code, { allow });
    expect(result.differences.filter((difference) => difference.status === 'new'), formatReport(result)).toEqual([]);
    expect(result.stale).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.matchedOperations).toBe(code.operations.length);
    expect(result.matchedEventTypes).toBe(code.eventTypes.length);
    expect(result.referenceEventTypes).toBe(code.eventTypes.length);
  });

  it('fails when a parameter line changes: a maximum, a required-ness, a placement', () => {
    const maximum = checkChanged('reference.md', 'The minimum page size is 1 item per page and the maximum is 1,000. The default is 100.', 'The minimum page size is 1 item per page and the maximum is 500. The default is 100.');
    expect(maximum.ok).toBe(false);
    expect(maximum.differences.filter((difference) => difference.status === 'new')).toMatchObject([{ subject: 'chat.chatters', field: 'param first: max', reference: '500', declared: '1000' }]);

    const required = checkChanged('reference.md', '| message | String | Yes | The message to send. The message is limited to a maximum of 500 characters.', '| message | String | No | The message to send. The message is limited to a maximum of 500 characters.');
    expect(required.differences.filter((difference) => difference.status === 'new')).toMatchObject([{ subject: 'chat.send', field: 'param message: required', reference: 'no', declared: 'yes' }]);

    const placement = checkChanged('reference.md', '### URL\n`POST https://api.twitch.tv/helix/moderation/warnings`\n\n### Request Query Parameters', '### URL\n`POST https://api.twitch.tv/helix/moderation/warnings`\n\n### Request Body');
    expect(placement.differences.filter((difference) => difference.status === 'new').map((difference) => `${difference.subject} ${difference.field}`)).toEqual(expect.arrayContaining(['moderation.warn param broadcaster_id: placement']));
  });

  it('fails when an operation line changes: its URL, its token kinds, its scopes', () => {
    const url = checkChanged('reference.md', '`GET https://api.twitch.tv/helix/chat/chatters`', '`GET https://api.twitch.tv/helix/chat/viewers`');
    expect(url.differences.filter((difference) => difference.status === 'new').map((difference) => `${difference.subject} ${difference.field}`)).toEqual(['GET /chat/viewers missing', 'chat.chatters extra']);

    const token = checkChanged('reference.md', '## Get Channel Editors\n✎\nGets the broadcaster’s list editors.\n\n### Authorization\nRequires a user access token', '## Get Channel Editors\n✎\nGets the broadcaster’s list editors.\n\n### Authorization\nRequires an app access token or user access token');
    expect(token.differences.filter((difference) => difference.status === 'new')).toMatchObject([{ subject: 'channels.channelEditors', field: 'token', reference: 'either', declared: 'user' }]);

    const scopes = checkChanged('reference.md', 'Requires a user access token that includes the user:manage:chat_color scope.', 'Requires a user access token that includes the user:edit scope.');
    expect(scopes.differences.filter((difference) => difference.status === 'new')).toMatchObject([{ subject: 'chat.setColor', field: 'scopes', reference: 'user:edit', declared: 'user:manage:chat_color' }]);
  });

  it('fails when an EventSub line changes: a version, a condition field, a payload field', () => {
    const version = checkChanged('eventsub-subscription-types.md', '| Channel Follow | `channel.follow` | `2` |', '| Channel Follow | `channel.follow` | `3` |');
    expect(version.differences.filter((difference) => difference.status === 'new').map((difference) => `${difference.subject} ${difference.field}`)).toEqual(['channel.follow@3 missing', 'channel.follow@2 extra']);

    const condition = checkChanged('eventsub-reference.md', '| `moderator_user_id` | string | yes | The ID of the moderator of the channel you want to get follow notifications for.', '| `moderator_user_id` | string | no | The ID of the moderator of the channel you want to get follow notifications for.');
    expect(condition.differences.filter((difference) => difference.status === 'new')).toMatchObject([{ subject: 'channel.follow@2', field: 'condition moderator_user_id: required', reference: 'no', declared: 'yes' }]);

    const payload = checkChanged('eventsub-reference.md', '| `followed_at` | string | RFC3339 timestamp of when the follow occurred. |', '| `followed_on` | string | RFC3339 timestamp of when the follow occurred. |');
    expect(payload.differences.filter((difference) => difference.status === 'new').map((difference) => `${difference.subject} ${difference.field}`)).toEqual(['channel.follow@2 payload followed_on: missing', 'channel.follow@2 payload followed_at: extra']);
  });

  it('fails when an allowed difference goes away: the list entry is stale', () => {
    const result = checkChanged('reference.md', '| utc_offset | String | No | Not supported. |\n', '');
    expect(result.ok).toBe(false);
    expect(result.stale).toMatchObject([{ subject: 'schedule.schedule', field: 'param utc_offset: missing' }]);
  });

  it('exits with 1 from the command line and names the difference', async () => {
    const path = join(copy, 'reference.md');
    const original = readFileSync(path, 'utf8');
    writeFileSync(path, original.replace('The minimum page size is 1 item per page and the maximum is 1,000.', 'The minimum page size is 1 item per page and the maximum is 500.'));
    try {
      const failure = await run(process.execPath, ['--conditions=@platform/source', '--import', 'tsx', 'src/main.ts', copy], { cwd: appDirectory, env: { ...process.env, INIT_CWD: appDirectory } }).then(
        () => undefined,
        (error: unknown) => error as { code: number; stdout: string },
      );
      expect(failure?.code).toBe(1);
      expect(failure?.stdout).toContain('[DIFFERS] param first: max: reference 500; declared 1000');
      expect(failure?.stdout).toContain('chat.chatters (GET /chat/chatters, Get Chatters');
    } finally {
      writeFileSync(path, original);
    }
  });
});
