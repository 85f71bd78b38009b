/** One page of a list operation. */
export interface Page<T, Raw = RawPage<T>> {
  /** The items of this page. */
  readonly data: readonly T[];
  /** The page as the platform sent it (`data`, `pagination`, `total`, `template`...). */
  readonly raw: Raw;
  /** The cursor of the next page, when there is one. */
  readonly cursor: string | undefined;
}

/** The envelope of a list answer. */
export interface RawPage<T> {
  /** The items of this page. */
  data: T[];
  /** Where the next page starts: `{ cursor }`, or the cursor alone as a string (Get Extension Live Channels). */
  pagination?:
    | {
        /** The cursor of the next page, when there is one. */
        cursor?: string;
      }
    | string;
  /** The number of items in the whole list, on endpoints whose answers carry it. */
  total?: number;
  [field: string]: unknown;
}

/** Reads the pages of a list for a Paginator: `first()`, then `next(page)` for each page after. */
export interface PageSource<T, P extends Page<T, unknown>> {
  /** Fetches the first page. */
  first(): Promise<P>;
  /** Fetches the page after `page`, or gives undefined when `page` is the last. */
  next(page: P): Promise<P> | undefined;
  /** The platform's total for the whole list, when its answers carry one. */
  total?(first: P): Promise<number | undefined>;
}

/**
 * The result of a list operation. Await it for the first page (`{ data, raw, cursor }`), iterate it
 * with `for await` for every item across pages, or use `all()`, `take(n)` and `total()`.
 * The call's options (signal, timeout, identity) apply to every page.
 *
 * @example
 * for await (const chatter of client.chat.chatters({ broadcaster_id })) console.log(chatter.user_login);
 * const firstFifty = await client.chat.chatters({ broadcaster_id }).take(50);
 */
export class Paginator<T, P extends Page<T, unknown> = Page<T>> implements AsyncIterable<T>, PromiseLike<P> {
  #first: Promise<P> | undefined;

  constructor(private readonly source: PageSource<T, P>) {}

  /** The first page, fetched once and shared by every method of this paginator. */
  firstPage(): Promise<P> {
    return (this.#first ??= this.source.first());
  }

  then<A = P, B = never>(onFulfilled?: ((page: P) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.firstPage().then(onFulfilled, onRejected);
  }

  /** Every page in order, starting with the first. */
  async *pages(): AsyncGenerator<P, void, undefined> {
    let page: P | undefined = await this.firstPage();
    while (page) {
      yield page;
      page = await this.source.next(page);
    }
  }

  /** Every item of every page in order, fetching pages as the loop goes: `for await (const item of paginator)`. */
  async *[Symbol.asyncIterator](): AsyncGenerator<T, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item of every page; with `limit`, stops fetching once that many are collected. */
  async all(options: { limit?: number } = {}): Promise<T[]> {
    const { limit } = options;
    if (limit !== undefined && (!Number.isInteger(limit) || limit < 0)) throw new RangeError(`limit must be a whole number, 0 or more; got ${String(limit)}.`);
    const items: T[] = [];
    if (limit === 0) return items;
    for await (const page of this.pages()) {
      for (const item of page.data) {
        items.push(item);
        if (items.length === limit) return items;
      }
    }
    return items;
  }

  /** The first `n` items, fetching no more pages than needed. */
  take(n: number): Promise<T[]> {
    return this.all({ limit: n });
  }

  /** How many items the list holds: the platform's `total` when its answer has one, else a count of every page. */
  async total(): Promise<number> {
    const first = await this.firstPage();
    const reported = this.source.total ? await this.source.total(first) : undefined;
    if (reported !== undefined) return reported;
    let count = 0;
    for await (const page of this.pages()) count += page.data.length;
    return count;
  }
}
