/**
 * What an extension sends, over real sockets: Send Extension PubSub Message (the JWT's channel_id
 * and pubsub_perms, targets, the 5 KB limit) and Send Extension Chat Message (280 characters, 12 a
 * minute a channel), recorded for `mock.extensions.pubsubMessages()` / `chatMessages()`.
 */
import { describe, expect, it } from 'vitest';
import { advance, call, errorBody, EXTENSION_ID, jwt, platform, setup, START } from './extensions-setup';

const pubsub = (body: Record<string, unknown>, bearer: string) => call('POST', '/extensions/pubsub', bearer, { body });
/** A JWT that may broadcast to a channel. */
const broadcastJwt = (channelId: string, send: string[] = ['broadcast']) => jwt({ channel_id: channelId, pubsub_perms: { send } });

describe('PubSub: POST /extensions/pubsub', () => {
  it('sends to a channel (204) and records it', async () => {
    const { streamer } = await setup();
    const answer = await pubsub({ message: 'hello world!', broadcaster_id: streamer.id, target: ['broadcast'] }, broadcastJwt(streamer.id));
    expect(answer).toEqual({ status: 204, body: undefined });
    expect(platform().extensions.pubsubMessages(EXTENSION_ID)).toEqual([
      { extension_id: EXTENSION_ID, target: ['broadcast'], broadcaster_id: streamer.id, is_global_broadcast: false, message: 'hello world!', sent_at: START },
    ]);
  });

  it('sends to every channel with is_global_broadcast, channel_id all and the global permission', async () => {
    await setup();
    const answer = await pubsub({ message: '{"round":2}', target: ['global'], is_global_broadcast: true }, jwt({ channel_id: 'all', pubsub_perms: { send: ['global'] } }));
    expect(answer.status).toBe(204);
    expect(platform().extensions.pubsubMessages(EXTENSION_ID)[0]).toMatchObject({ target: ['global'], broadcaster_id: undefined, is_global_broadcast: true });
    // The channel must be `all`, the permission global.
    expect((await pubsub({ message: 'x', target: ['global'], is_global_broadcast: true }, jwt({ channel_id: '1', pubsub_perms: { send: ['global'] } }))).body).toEqual(
      errorBody(401, 'The JWT token is not valid: the claim "channel_id" must be "all" for a global broadcast'),
    );
    expect((await pubsub({ message: 'x', target: ['global'], is_global_broadcast: true }, jwt({ channel_id: 'all', pubsub_perms: { send: ['broadcast'] } }))).body).toEqual(
      errorBody(401, 'The JWT token is not valid: the claim "pubsub_perms.send" does not allow the target "global"'),
    );
  });

  it('whispers to a user when pubsub_perms allows whisper-<id>', async () => {
    const { streamer, viewer } = await setup();
    const target = `whisper-${viewer.id}`;
    expect((await pubsub({ message: 'psst', broadcaster_id: streamer.id, target: [target] }, broadcastJwt(streamer.id, [target]))).status).toBe(204);
    expect((await pubsub({ message: 'psst', broadcaster_id: streamer.id, target: [target] }, broadcastJwt(streamer.id, ['broadcast']))).status).toBe(401);
    expect((await pubsub({ message: 'both', broadcaster_id: streamer.id, target: ['broadcast', target] }, broadcastJwt(streamer.id, ['broadcast', target]))).status).toBe(204);
    expect(platform().extensions.pubsubMessages(EXTENSION_ID).map((message) => message.target)).toEqual([[target], ['broadcast', target]]);
  });

  it('401 for a channel_id that is not the broadcaster, a JWT without channel_id or pubsub_perms', async () => {
    const { streamer, viewer } = await setup();
    const body = { message: 'x', broadcaster_id: streamer.id, target: ['broadcast'] };
    expect((await pubsub(body, broadcastJwt(viewer.id))).body).toEqual(errorBody(401, 'The JWT token is not valid: the claim "channel_id" must be the ID in "broadcaster_id"'));
    expect((await pubsub(body, jwt({ pubsub_perms: { send: ['broadcast'] } }))).body).toEqual(errorBody(401, 'The JWT token is not valid: the claim "channel_id" is required'));
    expect((await pubsub(body, jwt({ channel_id: streamer.id }))).body).toEqual(errorBody(401, 'The JWT token is not valid: the claim "pubsub_perms" is required'));
    expect((await pubsub(body, jwt({ channel_id: streamer.id, pubsub_perms: { listen: ['broadcast'] } }))).status).toBe(401);
    expect(platform().extensions.pubsubMessages(EXTENSION_ID)).toEqual([]);
  });

  it('400 for a bad target, broadcaster_id with a global broadcast, or no broadcaster_id without one; 422 over 5 KB', async () => {
    const { streamer } = await setup();
    const token = broadcastJwt(streamer.id, ['broadcast', 'global']);
    expect((await pubsub({ message: 'x', broadcaster_id: streamer.id }, token)).body).toEqual(errorBody(400, 'Missing required parameter "target"'));
    expect((await pubsub({ broadcaster_id: streamer.id, target: ['broadcast'] }, token)).body).toEqual(errorBody(400, 'Missing required parameter "message"'));
    expect((await pubsub({ message: 'x', broadcaster_id: streamer.id, target: 'broadcast' }, token)).status).toBe(400);
    expect((await pubsub({ message: 'x', broadcaster_id: streamer.id, target: ['everyone'] }, token)).body).toEqual(errorBody(400, /"everyone" in the "target" field is not valid/));
    expect((await pubsub({ message: 'x', broadcaster_id: streamer.id, target: ['broadcast', 'global'] }, token)).body).toEqual(errorBody(400, /mutually exclusive/));
    expect((await pubsub({ message: 'x', broadcaster_id: streamer.id, target: ['global'], is_global_broadcast: true }, token)).body).toEqual(
      errorBody(400, 'The "broadcaster_id" field in the request\'s body may only be set if the "is_global_broadcast" field is set to false'),
    );
    expect((await pubsub({ message: 'x', target: ['broadcast'], is_global_broadcast: true }, token)).body).toEqual(errorBody(400, /must be \["global"\]/));
    expect((await pubsub({ message: 'x', target: ['broadcast'] }, token)).body).toEqual(errorBody(400, /Missing required parameter "broadcaster_id"/));
    expect((await pubsub({ message: 'x', broadcaster_id: streamer.id, target: ['global'] }, token)).status).toBe(400);
    expect((await pubsub({ message: 'x', broadcaster_id: streamer.id, target: ['broadcast'], is_global_broadcast: 'no' }, token)).status).toBe(400);
    expect((await pubsub({ message: 'x'.repeat(5121), broadcaster_id: streamer.id, target: ['broadcast'] }, token)).body).toEqual(errorBody(422, /"message" is too large/));
    expect((await pubsub({ message: 'x'.repeat(5120), broadcaster_id: streamer.id, target: ['broadcast'] }, token)).status).toBe(204);
  });

  it('100 messages a minute per broadcaster (429)', async () => {
    const { streamer, viewer } = await setup();
    const body = { message: 'x', broadcaster_id: streamer.id, target: ['broadcast'] };
    const token = broadcastJwt(streamer.id);
    for (let index = 0; index < 100; index++) expect((await pubsub(body, token)).status).toBe(204);
    expect((await pubsub(body, token)).status).toBe(429);
    // Another channel has its own budget.
    expect((await pubsub({ ...body, broadcaster_id: viewer.id }, broadcastJwt(viewer.id))).status).toBe(204);
    advance(60_000);
    expect((await pubsub(body, broadcastJwt(streamer.id))).status).toBe(204);
  });
});

describe('chat: POST /extensions/chat', () => {
  const chat = (broadcasterId: string | undefined, body: Record<string, unknown>, bearer = jwt()) =>
    call('POST', '/extensions/chat', bearer, { query: { broadcaster_id: broadcasterId }, body: { text: 'Hello', extension_id: EXTENSION_ID, extension_version: '1.0.0', ...body } });

  it('sends (204) and records the message; role and user_id are all the JWT needs', async () => {
    const { streamer } = await setup();
    expect(await chat(streamer.id, {}, jwt({ exp: undefined }))).toEqual({ status: 204, body: undefined });
    advance(1000);
    expect((await chat(streamer.id, { text: 'Round two!' }, jwt({ channel_id: streamer.id }))).status).toBe(204);
    expect(platform().extensions.chatMessages(EXTENSION_ID, streamer.id)).toEqual([
      { extension_id: EXTENSION_ID, extension_version: '1.0.0', broadcaster_id: streamer.id, text: 'Hello', sent_at: START },
      { extension_id: EXTENSION_ID, extension_version: '1.0.0', broadcaster_id: streamer.id, text: 'Round two!', sent_at: START + 1000 },
    ]);
  });

  it('401 for a channel_id claim of another channel, a missing user_id, another role', async () => {
    const { streamer, viewer } = await setup();
    expect((await chat(streamer.id, {}, jwt({ channel_id: viewer.id }))).body).toEqual(errorBody(401, 'The ID in the broadcaster_id query parameter must match the channel_id claim in the JWT.'));
    expect((await chat(streamer.id, {}, jwt({ user_id: undefined }))).status).toBe(401);
    expect((await chat(streamer.id, {}, jwt({ role: 'viewer' }))).status).toBe(401);
    expect(platform().extensions.chatMessages(EXTENSION_ID)).toEqual([]);
  });

  it('400 for each missing parameter and a message over 280 characters', async () => {
    const { streamer } = await setup();
    expect((await chat(undefined, {})).body).toEqual(errorBody(400, 'Missing required parameter "broadcaster_id"'));
    for (const name of ['text', 'extension_id', 'extension_version']) {
      expect((await chat(streamer.id, { [name]: undefined })).body).toEqual(errorBody(400, `Missing required parameter "${name}"`));
    }
    expect((await chat(streamer.id, { text: '🎉'.repeat(281) })).body).toEqual(errorBody(400, 'The parameter "text" may be at most 280 characters'));
    expect((await chat(streamer.id, { text: '🎉'.repeat(280) })).status).toBe(204);
    expect((await chat(streamer.id, { extension_id: 'ext-other' })).status).toBe(401);
  });

  it('12 messages a minute per channel (429)', async () => {
    const { streamer, viewer } = await setup();
    for (let index = 0; index < 12; index++) expect((await chat(streamer.id, { text: `#${index}` })).status).toBe(204);
    expect((await chat(streamer.id, {})).body).toEqual(errorBody(429, /12 extension chat messages a minute/));
    expect((await chat(viewer.id, {})).status).toBe(204);
    advance(60_000);
    expect((await chat(streamer.id, {}, jwt())).status).toBe(204);
    expect(platform().extensions.chatMessages(EXTENSION_ID, streamer.id)).toHaveLength(13);
  });
});
