import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { WebhookMessage } from '../eventsub/webhook';
import { CliError } from './args';

/** A message `trigger` sent, kept so that `retrigger` can send it again from another invocation. */
export interface SentRecord {
  /** Where it went. */
  to: string;
  /** The secret it was signed with (a test secret: the store is a file under the temp directory). */
  secret: string;
  /** The message: id, type headers, exact body. */
  message: WebhookMessage;
  /** The `Twitch-Eventsub-Message-Retry` of its last sending. */
  retry: number;
  /** When it was last sent (ISO time). */
  sentAt: string;
}

interface StoreFile {
  messages: Record<string, SentRecord>;
}

/** How many messages the store keeps (the oldest go first). */
const kept = 200;

/** The store's file: `--store`, else `$PLATFORM_MOCK_HOME/sent.json`, else `<tmp>/platform-mock/sent.json`. */
export function storePath(option: string | undefined): string {
  if (option !== undefined) return option;
  const home = process.env.PLATFORM_MOCK_HOME;
  return join(home !== undefined && home !== '' ? home : join(tmpdir(), 'platform-mock'), 'sent.json');
}

function load(path: string): StoreFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { messages: {} };
    throw new CliError(`cannot read the store of sent messages ${path}: ${(error as Error).message}`);
  }
  try {
    const parsed = JSON.parse(text) as StoreFile;
    if (typeof parsed.messages !== 'object' || parsed.messages === null) throw new Error('no "messages" object');
    return parsed;
  } catch (error) {
    throw new CliError(`the store of sent messages ${path} is not one platform-mock wrote (${(error as Error).message}); remove it or pass another --store`);
  }
}

/** The record of a message id, or undefined. */
export function findSent(path: string, messageId: string): SentRecord | undefined {
  return load(path).messages[messageId];
}

/** Records (or updates) a sent message; the file is replaced whole, never left half-written. */
export function recordSent(path: string, record: SentRecord): void {
  const store = load(path);
  delete store.messages[record.message.id];
  store.messages[record.message.id] = record;
  const ids = Object.keys(store.messages);
  for (const id of ids.slice(0, Math.max(0, ids.length - kept))) delete store.messages[id];
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, path);
  } catch (error) {
    throw new CliError(`cannot write the store of sent messages ${path}: ${(error as Error).message}`);
  }
}
