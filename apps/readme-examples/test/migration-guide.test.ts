import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { strictOptions } from './compiler-options';
import { root, virtualDir, workspaceSource } from '../src/readmes';

// docs/migrating-from-twurple.md maps twurple's calls and events to ours in tables. The right-hand
// cells hold our side as code (`await client.users.users({ login })`, `listener.on('channel.ban',
// { broadcaster_user_id }, ...)`, `'channel.vip.add'` with `{ broadcaster_user_id }`): this test
// makes a module of every one of them and type-checks it, strict, against the packages' sources, so
// that a renamed operation, parameter, event type, condition field or event field fails here
// rather than in a reader's editor. The free names the cells use are declared below.

const guidePath = join(root, 'docs', 'migrating-from-twurple.md');
const modulePath = join(virtualDir, 'migrating-from-twurple.ts');

/** The names the guide's cells use without declaring them, with their types. */
const declarations = `
import { Platform, type TokenStore } from '@platform/client';
import { createClient } from '@platform/core';
import { redisBuckets } from '@platform/redis-store';
import type { MockPlatform } from '@platform/mock';
import type { DeviceCodeFlow } from '@platform/auth';
import type { EventSubHandle } from '@platform/eventsub';
declare const client: Platform;
declare const listener: ReturnType<Platform['eventsub']['websocket']>;
declare const mock: MockPlatform;
declare const flow: DeviceCodeFlow;
declare const handle: EventSubHandle;
declare const tokens: TokenStore;
declare const handler: (event: unknown) => void;
declare const condition: Record<string, string>;
declare const transport: { method: 'websocket'; session_id: string };
declare const shards: { id: string; transport: { method: 'websocket'; session_id: string } }[];
declare const expiresAt: number;
declare const duration: number;
declare const shardCount: number;
declare const logins: string[];
declare const ids: string[];
declare const entitlement_ids: string[];
declare const scopes: string[];
${[
  'broadcaster_id', 'moderator_id', 'user_id', 'login', 'id', 'userId', 'description', 'target_user_id', 'title', 'game_id', 'query', 'name',
  'from_user_id', 'to_user_id', 'message', 'message_id', 'sender_id', 'reply_parent_message_id', 'from_broadcaster_id', 'to_broadcaster_id',
  'emote_set_id', 'reason', 'msg_id', 'msg_text', 'text', 'unban_request_id', 'language', 'user_login', 'reward_id', 'winning_outcome_id',
  'extension_id', 'type', 'version', 'conduit_id', 'clientId', 'clientSecret', 'accessToken', 'refreshToken', 'code', 'redirectUri', 'state',
  'expectedState', 'start_time', 'url', 'broadcaster_user_id', 'moderator_user_id', 'to_broadcaster_user_id', 'from_broadcaster_user_id',
  'client_id', 'extension_client_id', 'organization_id', 'callback', 'secret',
]
  .map((name) => `declare const ${name}: string;`)
  .join('\n')}
void createClient;
void redisBuckets;
`;

/** The cells of our side: the second cell of every two-column table row. */
function ourCells(guide: string): string[] {
  return guide
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| ---'))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()))
    .filter((cells) => cells.length === 2)
    .map((cells) => cells[1]!);
}

/** Statements: the cells' code spans that are code of ours (a call on the client, a listener, a client made). */
function statements(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)]
    .map((match) => match[1]!.trim())
    .filter((code) => /^(await |const |for await|client\.|listener\.on\(|new Platform\(|createClient\()/.test(code))
    .map((code) => (code.startsWith('for await') ? `${code} {}` : code));
}

/**
 * The event types a cell names with their condition: `'channel.vip.add'`, `'channel.vip.remove'`
 * with `{ broadcaster_user_id }`; a name that starts with a dot (`'.progress'`) is the previous
 * name's with its last part replaced.
 */
function subscriptions(cell: string): { type: string; condition: string }[] {
  const found: { type: string; condition: string }[] = [];
  for (const match of cell.matchAll(/((?:`'[^'`]+'`(?:, )?)+) with `\{ ([^}`]+) \}`/g)) {
    let previous = '';
    for (const [, name] of match[1]!.matchAll(/`'([^'`]+)'`/g)) {
      const type = name!.startsWith('.') ? previous.slice(0, previous.lastIndexOf('.')) + name : name!;
      previous = type;
      found.push({ type, condition: match[2]! });
    }
  }
  return found;
}

/** The module: the declarations, then each statement and subscription in a function of its own. */
function guideModule(guide: string): { code: string; count: number } {
  const bodies = ourCells(guide).flatMap((cell) => [
    ...statements(cell),
    ...subscriptions(cell).map(({ type, condition }) => `listener.on('${type}', { ${condition} }, () => undefined)`),
  ]);
  const functions = bodies.map((body, index) => `export async function cell${index}() {\n  ${body};\n}`);
  return { code: `${declarations}\n${functions.join('\n')}\n`, count: bodies.length };
}

function typeCheck(code: string): string[] {
  const options = strictOptions;
  const host = ts.createCompilerHost(options, true);
  const { fileExists, readFile, getSourceFile } = host;
  const target = resolve(modulePath);
  host.fileExists = (file) => resolve(file) === target || fileExists.call(host, file);
  host.readFile = (file) => (resolve(file) === target ? code : readFile.call(host, file));
  host.getSourceFile = (file, language, onError, create) =>
    resolve(file) === target ? ts.createSourceFile(file, code, language, true, ts.ScriptKind.TS) : getSourceFile.call(host, file, language, onError, create);
  // `@platform/*` resolves to the workspace packages' sources, as the README examples do.
  host.resolveModuleNameLiterals = (literals, containingFile, redirected, compilerOptions, containingSourceFile) =>
    literals.map((literal) => {
      const workspace = resolve(containingFile) === target ? workspaceSource(literal.text) : undefined;
      if (workspace) return { resolvedModule: { resolvedFileName: workspace, extension: ts.Extension.Ts, isExternalLibraryImport: false } };
      const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
      return ts.resolveModuleName(literal.text, containingFile, compilerOptions, host, undefined, redirected, mode);
    });
  const program = ts.createProgram({ rootNames: [modulePath], options, host });
  const lines = code.split('\n');
  return ts
    .getPreEmitDiagnostics(program)
    .filter((diagnostic) => diagnostic.file && resolve(diagnostic.file.fileName) === target && diagnostic.start !== undefined)
    .map((diagnostic) => {
      const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start!);
      return `${lines[line]!.trim()}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
}

describe('docs/migrating-from-twurple.md', () => {
  const guide = readFileSync(guidePath, 'utf8');

  it('finds our side of every table: the calls, the listeners and the event types with their conditions', () => {
    const { count } = guideModule(guide);
    // About 190 calls and 55 event types with a condition written out; far fewer means the tables changed shape.
    expect(count).toBeGreaterThan(200);
    expect(subscriptions("`'channel.goal.begin'`, `'.progress'`, `'.end'` with `{ broadcaster_user_id }`").map((each) => each.type)).toEqual([
      'channel.goal.begin',
      'channel.goal.progress',
      'channel.goal.end',
    ]);
  });

  it('names only operations, parameters, event types, conditions and event fields that exist (strict type check)', () => {
    expect(typeCheck(guideModule(guide).code)).toEqual([]);
  });
});
