import { afterEach, describe, expect, it } from 'vitest';
import { createMockPlatform, mockControls, type MockPlatform } from '../src/index';
import { Kept } from '../src/persist';
import { throughJson } from './snapshot.helpers';

// mock.snapshot() / mock.restore(): what `platform-mock serve --state` keeps across a restart.

const started: MockPlatform[] = [];
let clock = Date.parse('2026-03-01T12:00:00Z');

async function start(): Promise<MockPlatform> {
  const mock = await createMockPlatform({ now: () => clock });
  started.push(mock);
  return mock;
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((mock) => mock.close()));
  clock = Date.parse('2026-03-01T12:00:00Z');
});

/** Get Polls of the broadcaster, as the API answers it. */
async function polls(mock: MockPlatform, broadcasterId: string, token: string, clientId: string): Promise<unknown> {
  const answer = await fetch(`${mock.baseUrl}/polls?broadcaster_id=${broadcasterId}`, { headers: { Authorization: `Bearer ${token}`, 'Client-Id': clientId } });
  return answer.json();
}

describe('mock.snapshot() and mock.restore()', () => {
  it('carry the shared state and a group’s records into another mock: its API answers the same, and an active poll still ends on the clock', async () => {
    const first = await start();
    const streamer = first.addUser({ login: 'pixelforge' });
    const viewer = first.addUser({ login: 'quietfox' });
    const { clientId } = first.clientOptions();
    const { accessToken } = first.issueToken({ clientId, userId: streamer.id, scopes: ['channel:manage:polls'] });
    const created = await fetch(`${first.baseUrl}/polls`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Client-Id': clientId, 'Content-Type': 'application/json' },
      body: JSON.stringify({ broadcaster_id: streamer.id, title: 'Next game?', choices: [{ title: 'A' }, { title: 'B' }], duration: 60 }),
    });
    const poll = ((await created.json()) as { data: { id: string; choices: { id: string }[] }[] }).data[0]!;
    first.polls.vote(streamer.id, { user_id: viewer.id, choice_id: poll.choices[0]!.id });
    const before = await polls(first, streamer.id, accessToken, clientId);

    const second = await start();
    // Through JSON, as the state file and GET /mock/snapshot carry it.
    second.restore(throughJson(first.snapshot()));
    expect(await polls(second, streamer.id, accessToken, clientId)).toEqual(before);
    // The viewer's free vote is kept: a second one is refused.
    expect(() => second.polls.vote(streamer.id, { user_id: viewer.id, choice_id: poll.choices[1]!.id })).toThrow(/already cast their free vote/);
    // The first mock is not touched by the second's changes.
    const late = second.addUser({ login: 'late' });
    second.polls.vote(streamer.id, { user_id: late.id, choice_id: poll.choices[1]!.id });
    expect(first.polls.get(poll.id)?.choices[1]!.votes).toBe(0);
    // The poll's end was armed again: once its minute has passed, it is COMPLETED.
    clock += 61_000;
    expect(second.polls.get(poll.id)?.status).toBe('COMPLETED');
  });

  it('a snapshot is a copy: a change after it is not in it', async () => {
    const mock = await start();
    const snapshot = mock.snapshot();
    mock.addUser({ login: 'later' });
    expect(snapshot.state.users).toEqual([]);
    mock.restore(snapshot);
    expect(mock.state.users.size).toBe(0);
  });

  it('refuses a group or a field it does not keep, before changing anything', async () => {
    const mock = await start();
    mock.addUser({ login: 'stays' });
    const snapshot = mock.snapshot();
    const other = await start();
    expect(() => other.restore({ ...snapshot, groups: { nothing: {} } })).toThrow(/a group "nothing" that this mock does not keep/);
    expect(() => other.restore({ ...snapshot, groups: { polls: { tallies: new Map() } } })).toThrow(/field "tallies"/);
    expect(() => other.restore({} as never)).toThrow('A snapshot is { state, groups }, as mock.snapshot() gives it.');
    expect(other.state.users.size).toBe(0);
  });

  it('is served at /mock/snapshot and /mock/restore, Maps and Sets tagged', async () => {
    const first = await start();
    const streamer = first.addUser({ login: 'pixelforge' });
    first.state.channel(streamer.id).moderators.add('42');
    const snapshot = (await (await fetch(`${first.baseUrl.replace('/helix', '/mock/')}snapshot`)).json()) as { state: { channels: { moderators: unknown }[] } };
    expect(snapshot.state.channels[0]!.moderators).toEqual({ $set: ['42'] });
    const second = await start();
    const restored = await fetch(`${second.baseUrl.replace('/helix', '/mock/')}restore`, { method: 'POST', body: JSON.stringify({ snapshot }) });
    expect(restored.status).toBe(200);
    expect(second.state.channel(streamer.id).moderators.has('42')).toBe(true);
  });
});

describe('what a snapshot keeps', () => {
  it('every group with controls, and the groups of routes alone, except channels (its records are the shared state)', async () => {
    const mock = await start();
    const withControls = new Set(mockControls(mock).flatMap((control) => (control.inProcess.split('.').length === 3 ? [control.inProcess.split('.')[1]!] : [])));
    const kept = Object.keys(mock.snapshot().groups).sort();
    // `state` (users.list reads mock.state.users) is the shared state itself, in snapshot().state.
    expect([...withControls].filter((group) => !kept.includes(group)).sort()).toEqual(['channels', 'state']);
    // Kept without controls of their own: the whispers sent, the channels' schedules.
    expect(kept.filter((group) => !withControls.has(group)).sort()).toEqual(['schedule', 'whispers']);
  });
});

describe('Kept', () => {
  it('keeps each name once', () => {
    const kept = new Kept();
    const state = { persisted: { as: 'x', fields: ['items'] }, items: new Map() };
    kept.keep(state);
    kept.keep(state);
    expect(() => kept.keep({ persisted: { as: 'x', fields: [] } })).toThrow('Two states are kept as x.');
  });

  it('fills readonly Maps, Sets and arrays in place, and calls restored()', () => {
    const kept = new Kept();
    let restored = 0;
    const state = {
      persisted: { as: 'g', fields: ['map', 'set', 'list', 'count'] },
      map: new Map([['a', { n: 1 }]]),
      set: new Set(['x']),
      list: [1, 2],
      count: 3,
      restored: () => restored++,
    };
    const { map, set, list } = state;
    kept.keep(state);
    const snapshot = kept.snapshot();
    state.map.clear();
    state.set.clear();
    state.list.length = 0;
    state.count = 0;
    kept.restore(snapshot);
    expect(state.map).toBe(map);
    expect(state.set).toBe(set);
    expect(state.list).toBe(list);
    expect([[...map], [...set], list, state.count, restored]).toEqual([[['a', { n: 1 }]], ['x'], [1, 2], 3, 1]);
  });
});
