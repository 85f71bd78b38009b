import { describe, expect, it } from 'vitest';
import { MessageIdSet, messageIdHash } from './message-ids';

/** A distinct lowercase UUID per number (the shape of the bench's IDs: a fixed head and a counter). */
const uuid = (n: number) => `5c1b30a2-a76e-41ea-ac08-${n.toString(16).padStart(12, '0')}`;

/** A UUID whose four words all vary with `n`. */
const randomLookingUuid = (n: number) => {
  const hex = [0x9e3779b1, 0x85ebca6b, 0xc2b2ae35, 0x27d4eb2f].map((factor) => (Math.imul(n + 1, factor) >>> 0).toString(16).padStart(8, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

describe('MessageIdSet', () => {
  it('reports a repeat of a kept id, and nothing else', () => {
    const ids = new MessageIdSet(10);
    expect(ids.repeat(uuid(1))).toBe(false);
    expect(ids.repeat(uuid(2))).toBe(false);
    expect(ids.repeat(uuid(1))).toBe(true);
    expect(ids.repeat(uuid(2))).toBe(true);
    expect(ids.repeat(uuid(3))).toBe(false);
    expect(ids.size).toBe(3);
  });

  it('is exact over many ids: every new one is new, every kept one a repeat', () => {
    const ids = new MessageIdSet(1000);
    const wrong: string[] = [];
    for (let n = 0; n < 20_000; n++) {
      if (ids.repeat(uuid(n))) wrong.push(`${n} counted as a repeat`);
      // The last 1,000 are kept, the one before them is not.
      if (!ids.has(uuid(n)) || !ids.has(uuid(Math.max(0, n - 999)))) wrong.push(`${n}: a kept id is missing`);
      if (n >= 1000 && ids.has(uuid(n - 1000))) wrong.push(`${n}: ${n - 1000} is still kept`);
    }
    for (let n = 19_000; n < 20_000; n++) if (!ids.repeat(uuid(n))) wrong.push(`${n} not counted as a repeat`);
    expect(wrong).toEqual([]);
    expect(ids.size).toBe(1000);
  });

  it('forgets the oldest id first once it holds its limit', () => {
    const ids = new MessageIdSet(3);
    for (const n of [1, 2, 3, 4]) ids.repeat(uuid(n));
    expect(ids.size).toBe(3);
    expect(ids.has(uuid(1))).toBe(false);
    expect([2, 3, 4].map((n) => ids.has(uuid(n)))).toEqual([true, true, true]);
    // A repeat is not recorded again: it does not make its id younger, nor push another out.
    expect(ids.repeat(uuid(2))).toBe(true);
    ids.repeat(uuid(5));
    expect(ids.has(uuid(2))).toBe(false);
    expect([3, 4, 5].map((n) => ids.has(uuid(n)))).toEqual([true, true, true]);
    // The forgotten id counts as new again.
    expect(ids.repeat(uuid(1))).toBe(false);
    expect(ids.has(uuid(3))).toBe(false);
  });

  it('compares ids as exact strings, whatever their shape', () => {
    const ids = new MessageIdSet(4);
    const lower = uuid(7);
    const upper = lower.toUpperCase();
    expect(ids.repeat(lower)).toBe(false);
    // Same hex digits, another string: not a repeat.
    expect(ids.repeat(upper)).toBe(false);
    expect(ids.repeat('message-1')).toBe(false);
    expect(ids.repeat('')).toBe(false);
    expect([lower, upper, 'message-1', ''].map((id) => ids.repeat(id))).toEqual([true, true, true, true]);
    expect(ids.has('message-2')).toBe(false);
    expect([' message-1', 'message-1 ', 'Message-1'].map((id) => ids.has(id))).toEqual([false, false, false]);
  });

  it('tells apart ids with the same hash', () => {
    // 30-bit hashes: among 2 x 100,000 ids a few pairs of each kind share one (the birthday bound).
    const byHash = new Map<number, string>();
    const pairs: [string, string][] = [];
    for (let n = 0; n < 100_000; n++) {
      for (const id of [randomLookingUuid(n), `msg-${n}`]) {
        const hash = messageIdHash(id);
        const other = byHash.get(hash);
        if (other === undefined) byHash.set(hash, id);
        else pairs.push([other, id]);
      }
    }
    expect(pairs.length).toBeGreaterThan(3);
    for (const [first, second] of pairs) {
      const ids = new MessageIdSet(4);
      expect(ids.repeat(first)).toBe(false);
      expect(ids.has(second)).toBe(false);
      expect(ids.repeat(second)).toBe(false);
      expect([ids.repeat(first), ids.repeat(second)]).toEqual([true, true]);
      // One slot, reused: the second id takes the first one's slot (whose hash it shares).
      const one = new MessageIdSet(1);
      one.repeat(first);
      expect(one.repeat(second)).toBe(false);
      expect(one.has(first)).toBe(false);
      expect(one.repeat(first)).toBe(false);
      expect(one.has(second)).toBe(false);
    }
  });

  it('stays exact when every id lands in the same bucket (one long chain, unlinked at its head, middle and end)', () => {
    // A limit of 8 gives 8 buckets: every id of the pool hashes to bucket 3.
    const limit = 8;
    const pool: string[] = [];
    for (let n = 0; pool.length < 40; n++) {
      const id = n % 2 === 0 ? uuid(n) : `id-${n}`;
      if ((messageIdHash(id) & 7) === 3) pool.push(id);
    }
    const ids = new MessageIdSet(limit);
    let model: string[] = [];
    // A fixed pseudo-random sequence over the pool: repeats of kept ids, and ids forgotten since.
    let seed = 12_345;
    const wrong: string[] = [];
    for (let step = 0; step < 5000 && wrong.length === 0; step++) {
      seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
      const id = pool[(seed >>> 8) % pool.length]!;
      const expected = model.includes(id);
      if (ids.repeat(id) !== expected) wrong.push(`step ${step}: ${id} ${expected ? 'not counted as a repeat' : 'counted as a repeat'}`);
      if (!expected) model = [...model, id].slice(-limit);
      if (ids.size !== model.length) wrong.push(`step ${step}: size ${ids.size}, not ${model.length}`);
      for (const each of pool) if (ids.has(each) !== model.includes(each)) wrong.push(`step ${step}: has(${each}) is wrong`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps every id when unbounded, growing past its first capacity', () => {
    const ids = new MessageIdSet(Infinity, 4);
    for (let n = 0; n < 5000; n++) expect(ids.repeat(n % 5 === 0 ? `text-${n}` : uuid(n))).toBe(false);
    expect(ids.size).toBe(5000);
    for (let n = 0; n < 5000; n++) expect(ids.repeat(n % 5 === 0 ? `text-${n}` : uuid(n))).toBe(true);
    expect(ids.has(uuid(5000))).toBe(false);
  });

  it('grows up to a limit above its first capacity, then forgets the oldest', () => {
    const ids = new MessageIdSet(10, 2);
    for (let n = 0; n < 12; n++) ids.repeat(n % 3 === 0 ? `text-${n}` : uuid(n));
    expect(ids.size).toBe(10);
    expect([0, 1, 2, 3].map((n) => ids.has(n % 3 === 0 ? `text-${n}` : uuid(n)))).toEqual([false, false, true, true]);
    expect(ids.has(uuid(11))).toBe(true);
  });
});
