import { describe, expect, it } from 'vitest';
import { memoryCooldowns } from './cooldowns';

describe('memoryCooldowns', () => {
  it('takes all entries or none, and answers the longest wait', () => {
    const store = memoryCooldowns();
    expect(store.take([{ key: 'user', ms: 1_000 }, { key: 'channel', ms: 5_000 }], 0)).toBe(0);
    expect(store.take([{ key: 'user', ms: 1_000 }, { key: 'channel', ms: 5_000 }], 500)).toBe(4_500);
    // Another user: its own key is free, the channel's is not, and nothing is taken.
    expect(store.take([{ key: 'other', ms: 1_000 }, { key: 'channel', ms: 5_000 }], 600)).toBe(4_400);
    expect(store.take([{ key: 'other', ms: 1_000 }], 600)).toBe(0);
    expect(store.take([{ key: 'user', ms: 1_000 }, { key: 'channel', ms: 5_000 }], 5_000)).toBe(0);
  });
});
