import { describe, expect, it } from 'vitest';
import { MockState } from '../src/state';

describe('MockState.snapshot() and restore()', () => {
  it('carry users, clients, tokens, channels and the ID counters into a fresh state, as copies', () => {
    const before = new MockState(() => Date.parse('2026-01-01T00:00:00Z'));
    const streamer = before.addUser({ login: 'pixelforge' });
    before.addClient({ clientId: 'app', clientSecret: 'secret', redirectUris: ['http://127.0.0.1/cb'] });
    const token = before.issueToken({ clientId: 'app', userId: streamer.id, scopes: ['user:read:chat'] });
    before.channel(streamer.id).moderators.add('42');
    const lastId = before.id();

    const snapshot = before.snapshot();
    const after = new MockState(() => Date.parse('2026-01-01T00:00:00Z'));
    after.restore(snapshot);
    expect(after.user(streamer.id)).toEqual(streamer);
    expect(after.clients.get('app')?.clientSecret).toBe('secret');
    expect(after.liveToken(token.accessToken)?.userId).toBe(streamer.id);
    expect(after.channel(streamer.id).moderators.has('42')).toBe(true);
    // The counters follow the kept records: no ID is handed out twice.
    expect(after.addUser({ login: 'next' }).id).toBe(String(Number(streamer.id) + 1));
    expect(after.id() > lastId).toBe(true);
    // Copies: a change to one state is not seen in the other, nor in the snapshot.
    after.channel(streamer.id).moderators.add('43');
    expect(before.channel(streamer.id).moderators.has('43')).toBe(false);
    expect(snapshot.channels[0]!.moderators.has('43')).toBe(false);
  });

  it('restore replaces what was there', () => {
    const state = new MockState(Date.now);
    state.addUser({ login: 'gone' });
    state.restore(new MockState(Date.now).snapshot());
    expect(state.users.size).toBe(0);
  });
});

describe('MockState.addUser()', () => {
  it('never gives a new user the ID of one added with an ID of its own', () => {
    const state = new MockState(Date.now);
    state.addUser({ id: '1000', login: 'seeded' });
    state.addUser({ id: '1001', login: 'seeded2' });
    const next = state.addUser({ login: 'new' });
    expect(next.id).toBe('1002');
    expect(state.user('1000')?.login).toBe('seeded');
  });
});
