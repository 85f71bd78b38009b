import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as exported from '../src/index';
import { createMockPlatform, type MockPlatform } from '../src/index';

// The README names the mock's controls (`mock.chat.userSays(...)`, `streams.start(...)`,
// `limits.budget`...) and the package's exports (`bucketOf(token)`). This test reads every code
// span and code block of it and checks that each name exists on a started mock, or among the
// exports, so that the documentation cannot name a control that is gone or misspelt.

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

/** The code of the README: inline code spans and the contents of fenced blocks. */
function codeOf(text: string): string[] {
  const blocks = [...text.matchAll(/^```\w*\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
  const prose = text.replace(/^```\w*\n[\s\S]*?^```$/gm, '');
  const spans = [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
  return [...blocks, ...spans];
}

let mock: MockPlatform;
beforeAll(async () => {
  mock = await createMockPlatform();
});
afterAll(async () => {
  await mock?.close();
});

/** The mock's members that are groups of controls (`chat`, `state`, `limits`...). */
function groups(): Set<string> {
  return new Set(Object.keys(mock).filter((key) => typeof (mock as unknown as Record<string, unknown>)[key] === 'object' && !Array.isArray((mock as unknown as Record<string, unknown>)[key])));
}

/** `group.member` mentions: every call (`chat.userSays(`), and a plain member when prefixed by `mock.` or alone in its span. */
function memberMentions(): string[] {
  const known = groups();
  const found = new Set<string>();
  for (const code of codeOf(readme)) {
    // Not after a dot or a word character: `channel.chat.message` is an event, not `chat.message`.
    for (const match of code.matchAll(/(?<![\w.$/])(mock\.)?([a-zA-Z]+)\.([a-zA-Z]+)(\()?/g)) {
      const [, prefixed, group, member, call] = match;
      // `src/routes/polls.ts` is a file, not a control.
      if (!known.has(group!) || member === 'ts') continue;
      if (call || prefixed || code.trim() === `${group}.${member}`) found.add(`${group}.${member}`);
    }
  }
  return [...found].sort();
}

/** `mock.name` mentions and bare calls (`addClient(`, `bucketOf(`) at the start of a span. */
function topMentions(): { onMock: string[]; bareCalls: string[] } {
  const onMock = new Set<string>();
  const bareCalls = new Set<string>();
  for (const code of codeOf(readme)) {
    for (const match of code.matchAll(/(?<![\w.$])mock\.([a-zA-Z]+)/g)) onMock.add(match[1]!);
    const bare = /^([a-zA-Z]+)\(/.exec(code.trim());
    if (bare) bareCalls.add(bare[1]!);
  }
  return { onMock: [...onMock].sort(), bareCalls: [...bareCalls].sort() };
}

describe('the README', () => {
  it('names only controls that exist on a started mock', () => {
    const mentions = memberMentions();
    // The README covers every group: chat, moderation and guest star included.
    expect(mentions).toEqual(expect.arrayContaining(['chat.userSays', 'moderation.holdMessage', 'guestStar.acceptInvite', 'eventsub.trigger', 'limits.budget', 'oauth.consentUser']));
    const missing = mentions.filter((mention) => {
      const [group, member] = mention.split('.') as [string, string];
      const target = (mock as unknown as Record<string, Record<string, unknown>>)[group]!;
      return !(member in target);
    });
    expect(missing).toEqual([]);
  });

  it('names only members of the mock and exports of the package', () => {
    const { onMock, bareCalls } = topMentions();
    expect(onMock).toEqual(expect.arrayContaining(['clientOptions', 'addUser', 'chat', 'requests']));
    expect(onMock.filter((name) => !(name in mock))).toEqual([]);
    // A bare call is a control of the mock, of one of its groups (`end()` of `hypeTrain`, in its row),
    // an export, or the client's `createClient()` that the README spreads clientOptions() into.
    const inGroup = (name: string) => [...groups()].some((group) => name in (mock as unknown as Record<string, Record<string, unknown>>)[group]!);
    expect(bareCalls.filter((name) => !(name in mock) && !(name in exported) && !inGroup(name) && name !== 'createClient')).toEqual([]);
  });

  it('documents every control of every group', () => {
    const mentions = new Set(memberMentions());
    for (const group of groups()) expect(readme, group).toContain(`${group}.`);
    for (const group of groups()) {
      const target = (mock as unknown as Record<string, Record<string, unknown>>)[group]!;
      const members = new Set<string>(Object.keys(target));
      for (let proto = Object.getPrototypeOf(target); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
        for (const name of Object.getOwnPropertyNames(proto)) if (name !== 'constructor') members.add(name);
      }
      // What the classes keep for themselves (the OAuth server's router, the clock they were given).
      for (const internal of ['router', 'state', 'now']) if (group === 'oauth' || group === 'limits' || group === 'state') members.delete(internal);
      const undocumented = [...members].filter((member) => !mentions.has(`${group}.${member}`));
      expect(undocumented, group).toEqual([]);
    }
  });

  it('gives the default rate-limit budget the mock has', () => {
    expect(mock.limits.budget).toBe(800);
    expect(mock.limits.windowMs).toBe(60_000);
    expect(readme).toContain('800 points per 60,000 ms');
  });
});
