import { describe, expect, it } from 'vitest';
import { advance, carry, helix, start, tokenOf } from './snapshot.helpers';

// The records of the users-side groups (users, whispers, teams, games) across a restart: what
// mock.snapshot() gives, restored into a fresh mock through JSON as `serve --state` carries it.
// Channels keep nothing of their own (follows, editors and information are in the shared state).

const SCOPES = ['user:read:blocked_users', 'user:manage:blocked_users', 'user:read:broadcast', 'user:edit:broadcast', 'user:manage:whispers'];

async function people() {
  const { mock, events } = await start();
  const streamer = mock.addUser({ login: 'pixelforge' });
  const viewer = mock.addUser({ login: 'quietfox' });
  const other = mock.addUser({ login: 'latecomer' });
  return { mock, events, streamer, viewer, other, tokens: { streamer: tokenOf(mock, streamer.id, SCOPES), viewer: tokenOf(mock, viewer.id, SCOPES), app: tokenOf(mock, undefined, []) } };
}

describe('restored users records', () => {
  it('keep block lists and extensions: the API answers the same, and the controls act on them', async () => {
    const { mock: first, streamer, viewer, other, tokens } = await people();
    expect((await helix(first, 'PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: viewer.id, reason: 'spam' } })).status).toBe(204);
    first.users.installExtension(streamer.id, { id: 'ext-1', version: '1.0', name: 'Tracker', type: ['component', 'panel'] });
    first.users.installExtension(streamer.id, { id: 'ext-2', version: '2.0', name: 'Idle', type: ['overlay'] });
    const activated = await helix(first, 'PUT', '/users/extensions', tokens.streamer, { body: { data: { component: { '1': { active: true, id: 'ext-1', version: '1.0', x: 10, y: 20 } } } } });
    expect(activated.status).toBe(200);
    const reads = async (mock: typeof first) => [
      await helix(mock, 'GET', '/users/blocks', tokens.streamer, { query: { broadcaster_id: streamer.id } }),
      await helix(mock, 'GET', '/users/extensions/list', tokens.streamer),
      await helix(mock, 'GET', '/users/extensions', tokens.app, { query: { user_id: streamer.id } }),
    ];
    const before = await reads(first);

    const { mock: second } = await start();
    carry(first, second);
    expect(await reads(second)).toEqual(before);
    expect(before[0]!.body.data).toEqual([{ user_id: viewer.id, user_login: 'quietfox', display_name: 'quietfox' }]);
    // A second block of the same user is ignored; a new one goes first.
    await helix(second, 'PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: viewer.id } });
    await helix(second, 'PUT', '/users/blocks', tokens.streamer, { query: { target_user_id: other.id } });
    expect((await helix(second, 'GET', '/users/blocks', tokens.streamer, { query: { broadcaster_id: streamer.id } })).body.data.map((entry: { user_id: string }) => entry.user_id)).toEqual([other.id, viewer.id]);
    // Uninstalling the restored extension empties its slot.
    expect(second.users.uninstallExtension(streamer.id, 'ext-1')).toBe(true);
    expect((await helix(second, 'GET', '/users/extensions', tokens.app, { query: { user_id: streamer.id } })).body.data.component['1']).toEqual({ active: false });
    // The first mock is not touched.
    expect(await reads(first)).toEqual(before);
  });
});

describe('restored whispers records', () => {
  it('keep who whispered whom and the recent whispers: the length and rate limits hold across the restart', async () => {
    const { mock: first, streamer, viewer, tokens } = await people();
    const whisper = (mock: typeof first, token: string, from: string, to: string, message: string) =>
      helix(mock, 'POST', '/whispers', token, { query: { from_user_id: from, to_user_id: to }, body: { message } });
    expect((await whisper(first, tokens.viewer, viewer.id, streamer.id, 'hi')).status).toBe(204);
    for (let count = 0; count < 3; count++) expect((await whisper(first, tokens.streamer, streamer.id, viewer.id, `reply ${count}`)).status).toBe(204);

    const { mock: second, events } = await start();
    carry(first, second);
    // Three whispers this second already: a fourth is refused.
    expect(await whisper(second, tokens.streamer, streamer.id, viewer.id, 'one more')).toMatchObject({ status: 429, body: { message: 'A user may send at most 3 whispers a second' } });
    advance(1000);
    // The viewer whispered the streamer before: a reply may be longer than 500 characters.
    expect((await whisper(second, tokens.streamer, streamer.id, viewer.id, 'x'.repeat(600))).status).toBe(204);
    expect(events.filter((event) => event.type === 'user.whisper.message').map((event) => (event.event as { whisper: { text: string } }).whisper.text)).toEqual(['x'.repeat(600)]);
  });
});

describe('restored teams records', () => {
  it('keep the teams and the next ID: the API answers the same, and the controls act on them', async () => {
    const { mock: first, streamer, viewer, tokens } = await people();
    const team = first.teams.add({ name: 'Speedrunners', members: [streamer.id] });
    first.teams.addMember(team.id, viewer.id);
    const reads = async (mock: typeof first) => [
      await helix(mock, 'GET', '/teams', tokens.app, { query: { name: 'speedrunners' } }),
      await helix(mock, 'GET', '/teams/channel', tokens.app, { query: { broadcaster_id: viewer.id } }),
    ];
    const before = await reads(first);
    expect(before[0]!.body.data[0].users).toHaveLength(2);

    const { mock: second } = await start();
    carry(first, second);
    expect(await reads(second)).toEqual(before);
    expect(() => second.teams.add({ name: 'speedrunners' })).toThrow('A team named speedrunners exists already.');
    // The next team gets the next ID, not the restored team's.
    expect(second.teams.add({ name: 'Builders' }).id).toBe(String(Number(team.id) + 1));
    expect(second.teams.removeMember(team.id, viewer.id)).toBe(true);
    expect((await helix(second, 'GET', '/teams/channel', tokens.app, { query: { broadcaster_id: viewer.id } })).body.data).toEqual([]);
  });
});

describe('restored games records', () => {
  it('keep each category’s audience: Get Top Games orders the same, and setViewers() acts on it', async () => {
    const { mock: first, tokens } = await people();
    const chess = first.games.add({ name: 'Chess', viewers: 50 });
    const go = first.games.add({ name: 'Go' });
    first.games.setViewers(go.id, 120);
    const top = (mock: typeof first) => helix(mock, 'GET', '/games/top', tokens.app);
    const before = await top(first);
    expect(before.body.data.map((game: { name: string }) => game.name)).toEqual(['Go', 'Chess']);

    const { mock: second } = await start();
    carry(first, second);
    expect(await top(second)).toEqual(before);
    expect([second.games.viewersOf(chess.id), second.games.viewersOf(go.id)]).toEqual([50, 120]);
    second.games.setViewers(chess.id, 500);
    expect((await top(second)).body.data.map((game: { name: string }) => game.name)).toEqual(['Chess', 'Go']);
    expect(first.games.viewersOf(chess.id)).toBe(50);
  });
});
