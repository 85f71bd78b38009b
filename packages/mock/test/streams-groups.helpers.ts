/**
 * What the tests of the streams-side groups (streams, videos, clips, schedule, raids, ads) share:
 * a mock on a clock the tests move, a broadcaster (affiliate), an editor, two viewers, their
 * tokens, the events raised, and one Helix call over a real socket.
 */
import { createMockPlatform, type MockPlatform, type RaisedEvent } from '../src/index';

export const START = Date.parse('2026-03-14T18:00:00.000Z');
export const iso = (ms: number) => new Date(ms).toISOString();

/** Every scope the streams-side routes ask for, so most tests meet only the check under test. */
export const ALL_SCOPES = [
  'channel:read:stream_key',
  'user:read:follows',
  'channel:manage:broadcast',
  'user:read:broadcast',
  'channel:manage:videos',
  'clips:edit',
  'editor:manage:clips',
  'channel:manage:clips',
  'channel:manage:schedule',
  'channel:manage:raids',
  'channel:edit:commercial',
  'channel:read:ads',
  'channel:manage:ads',
];

export interface Answer {
  status: number;
  /** What JSON.parse gave (undefined for an empty body): tests reach into it freely. */
  body: ReturnType<typeof JSON.parse>;
  text: string;
  headers: Headers;
}

export interface CallOptions {
  query?: Record<string, string | string[] | undefined>;
  body?: unknown;
  /** Send no Client-Id header. */
  noClientId?: boolean;
}

/** A started mock with its people and tokens; `close()` it after each test. */
export async function setup(options: { broadcasterType?: '' | 'affiliate' | 'partner' } = {}) {
  let clock = START;
  const events: RaisedEvent[] = [];
  const mock: MockPlatform = await createMockPlatform({ now: () => clock });
  mock.events.on((event) => events.push(event));
  const app = mock.addClient({ clientId: 'app-1' });
  const streamer = mock.addUser({ login: 'Streamer', broadcaster_type: options.broadcasterType ?? 'affiliate' });
  const editor = mock.addUser({ login: 'EditorEve' });
  const viewer = mock.addUser({ login: 'viewer' });
  const other = mock.addUser({ login: 'other', broadcaster_type: 'partner' });
  mock.state.channel(streamer.id).editors.set(editor.id, START);
  // Tokens that never expire, so tests can move the clock by hours.
  const issue = (userId?: string, scopes: string[] = ALL_SCOPES) => mock.issueToken({ clientId: app.clientId, userId, scopes, expiresIn: null }).accessToken;

  /** One Helix call with `Client-Id` and `Authorization: Bearer`; repeated query keys for arrays. */
  async function call(method: string, path: string, token: string | undefined, callOptions: CallOptions = {}): Promise<Answer> {
    const url = new URL(`${mock.baseUrl}${path}`);
    for (const [key, value] of Object.entries(callOptions.query ?? {})) {
      if (value === undefined) continue;
      for (const each of [value].flat()) url.searchParams.append(key, each);
    }
    const headers: Record<string, string> = callOptions.noClientId ? {} : { 'Client-Id': app.clientId };
    if (token) headers.Authorization = `Bearer ${token}`;
    const body = callOptions.body === undefined ? undefined : JSON.stringify(callOptions.body);
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const json: unknown = text !== '' && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : undefined;
    return { status: response.status, body: json, text, headers: response.headers };
  }

  return {
    mock,
    events,
    streamer,
    editor,
    viewer,
    other,
    issue,
    tokens: { streamer: issue(streamer.id), editor: issue(editor.id), viewer: issue(viewer.id), other: issue(other.id), app: issue() },
    call,
    now: () => clock,
    advance(ms: number) {
      clock += ms;
    },
    eventsOf: (type: string) => events.filter((event) => event.type === type),
    close: () => mock.close(),
  };
}

export type Setup = Awaited<ReturnType<typeof setup>>;
