import { createMockPlatform, type MockPlatform, type MockUser } from '@platform/mock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startLinkGuard, linkHosts, type LinkGuard, type LinkGuardSettings } from './link-guard.ts';

// How to test your own bot: run it against @platform/mock, the platform on one machine, over
// real sockets. The test plays the platform's side with the mock's control API (a viewer writes
// with mock.chat.userSays, time moves with the mock's clock, failures come on demand with
// mock.fault) and checks what the bot did in the mock's state and request log.

let mock: MockPlatform;
let guard: LinkGuard | undefined;
/** The mock's clock, and the bot's: a test moves it instead of waiting. */
let clock: number;
let streamer: MockUser;
let botUser: MockUser;
let viewer: MockUser;
let log: string[];

/** Starts the bot as the channel's moderator, with the scopes it needs. */
async function startBot(settings: Partial<LinkGuardSettings> = {}): Promise<LinkGuard> {
  const app = mock.addClient({ clientId: 'link-guard-tests' });
  const { accessToken } = mock.issueToken({
    clientId: app.clientId,
    userId: botUser.id,
    scopes: ['user:read:chat', 'user:write:chat', 'moderator:manage:chat_messages', 'moderator:manage:banned_users'],
  });
  // The lines of this test's bot go to this test's log: a line the bot writes late (a call that was
  // in flight when the test ended, cut off by the mock's close) never reaches the next test's.
  const lines = log;
  guard = await startLinkGuard({ clientId: app.clientId, token: accessToken, channel: streamer.login, platform: mock, now: () => clock, log: (line) => lines.push(line), ...settings });
  return guard;
}

/**
 * Waits for what the bot does in reaction (it answers over real sockets, in a few milliseconds;
 * the bound is generous for a loaded CI machine).
 */
async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`Waited 10 s for ${what}.`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A chatter writes in the channel: the platform delivers it to the bot's subscription. */
const says = (user: MockUser, text: string) => mock.chat.userSays(streamer.id, user.id, text);

const deleted = (messageId: string) => mock.state.channel(streamer.id).messages.find((message) => message.message_id === messageId)?.deleted === true;
const botMessages = () => mock.state.channel(streamer.id).messages.filter((message) => message.sender_id === botUser.id).map((message) => message.text);

beforeEach(async () => {
  clock = Date.parse('2025-06-01T18:00:00Z');
  mock = await createMockPlatform({ now: () => clock });
  streamer = mock.addUser({ login: 'pixelforge' });
  botUser = mock.addUser({ login: 'linkguard' });
  viewer = mock.addUser({ login: 'quietfox' });
  mock.state.channel(streamer.id).moderators.add(botUser.id);
  log = [];
});

afterEach(async () => {
  await guard?.close();
  guard = undefined;
  await mock.close();
});

describe('the link guard', () => {
  it('deletes a link and warns; a second link within ten minutes is a ten-minute timeout', async () => {
    await startBot();
    const first = says(viewer, 'free followers at spam.example.com');
    await until(() => botMessages().length === 1, 'the warning');
    expect(deleted(first.message_id)).toBe(true);
    expect(botMessages()).toEqual(['@quietfox, no links in this chat please. Next time it is a timeout.']);

    clock += 5 * 60_000;
    const second = says(viewer, 'really, https://spam.example.com/deal');
    await until(() => mock.state.activeBan(streamer.id, viewer.id) !== undefined, 'the timeout');
    expect(deleted(second.message_id)).toBe(true);
    expect(mock.state.activeBan(streamer.id, viewer.id)).toMatchObject({ moderator_id: botUser.id, reason: 'Links (spam.example.com) after a warning' });

    // The timeout lifts after 600 seconds of the mock's time: no test waits for it.
    clock += 600_000;
    expect(mock.state.activeBan(streamer.id, viewer.id)).toBeUndefined();
  });

  it('forgets a first offence after the strike window', async () => {
    await startBot();
    says(viewer, 'see cheap.example.net');
    await until(() => botMessages().length === 1, 'the first warning');
    clock += 11 * 60_000;
    says(viewer, 'and cheap.example.net again');
    await until(() => botMessages().length === 2, 'the second warning');
    expect(mock.state.activeBan(streamer.id, viewer.id)).toBeUndefined();
  });

  it('leaves allowed hosts, plain text, and the links of moderators, VIPs and the broadcaster alone', async () => {
    const vip = mock.addUser({ login: 'emberline' });
    mock.state.channel(streamer.id).vips.add(vip.id);
    await startBot({ allowedHosts: ['example.org'] });
    const messages = [
      says(viewer, 'the docs are at https://docs.example.org/start'),
      says(viewer, 'no link here, just a sentence. Right?'),
      says(vip, 'my shop: shop.example.com'),
      says(streamer, 'schedule at pixelforge.tv'),
    ];
    // A message the bot does act on, sent last: once it is handled, the others were too.
    const last = says(viewer, 'spam.example.com');
    await until(() => deleted(last.message_id), 'the last message to be deleted');
    expect(messages.map((message) => deleted(message.message_id))).toEqual([false, false, false, false]);
    expect(mock.requests.filter((request) => request.method === 'DELETE' && request.path === '/moderation/chat')).toHaveLength(1);
  });

  it('rides out a platform failure: a 503 on the delete is retried by the client', async () => {
    await startBot();
    mock.fault({ route: 'DELETE /moderation/chat', times: 1, fault: { kind: 'status', status: 503 } });
    const message = says(viewer, 'spam.example.com');
    await until(() => deleted(message.message_id), 'the message to be deleted');
    // The warning follows the delete: the test ends once it is sent, not with the send in flight.
    await until(() => botMessages().length === 1, 'the warning');
    expect(mock.requests.filter((request) => request.path === '/moderation/chat').map((request) => request.status)).toEqual([503, 204]);
    expect(log.filter((line) => line.startsWith('error'))).toEqual([]);
  });

  it('reports what it cannot do instead of crashing: without the moderator role every delete is refused', async () => {
    mock.state.channel(streamer.id).moderators.delete(botUser.id);
    await startBot();
    says(viewer, 'spam.example.com');
    await until(() => log.some((line) => line.startsWith('error')), 'the error to be reported');
    expect(log.find((line) => line.startsWith('error'))).toMatch(/403 on DELETE \/moderation\/chat/);
  });
});

describe('linkHosts', () => {
  it.each([
    ['go to https://Example.com/path?q=1 now', ['example.com']],
    ['http://127.0.0.1:8080/x', ['127.0.0.1']],
    ['bare host shop.example.io and sub.domain.gg', ['shop.example.io', 'sub.domain.gg']],
    ['no links. Just dots... e.g. this', []],
  ])('%s', (text, hosts) => {
    expect(linkHosts(text)).toEqual(hosts);
  });
});
