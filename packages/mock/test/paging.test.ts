import { describe, expect, it } from 'vitest';
import { page } from '../src/helix';
import type { MockRequest } from '../src/http';

const items = Array.from({ length: 7 }, (_, index) => index);
const ask = (query: Record<string, string>) => page({ query: new URLSearchParams(query) } as unknown as MockRequest, items, { defaultFirst: 3, maxFirst: 10 });

describe('page(): the cursors of the platform', () => {
  it('forwards: each cursor leads to the next page, none after the last', () => {
    const seen: number[][] = [];
    let cursor: string | undefined;
    do {
      const answer = ask(cursor ? { after: cursor } : {});
      seen.push(answer.data);
      cursor = answer.pagination.cursor;
    } while (cursor);
    expect(seen).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('backwards: the cursor after a `before` is the start of that page, so `before` walks to the first item and stops', () => {
    const end = ask({ first: '3', after: ask({ first: '4' }).pagination.cursor! });
    expect(end.data).toEqual([4, 5, 6]);
    const seen: number[][] = [];
    let cursor: string | undefined = ask({ first: '4' }).pagination.cursor;
    // From the item at offset 4 backwards, three at a time.
    while (cursor) {
      const answer = ask({ first: '3', before: cursor });
      seen.push(answer.data);
      cursor = answer.pagination.cursor;
    }
    expect(seen).toEqual([[1, 2, 3], [0]]);
  });
});
