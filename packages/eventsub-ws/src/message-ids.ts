/**
 * The `message_id`s a session has delivered: the IDs themselves in a ring, with a hash index over
 * the ring in typed arrays, so that recording one allocates nothing.
 *
 * Why not a `Set<string>`: at tens of thousands of events a second, a `Set` that forgets its oldest
 * ID for each new one keeps reallocating its hash table. Those tables lived long enough to be
 * promoted to V8's old space (about 160 KB per scavenge in the EventSub bench), where they became
 * garbage that only a full mark-sweep frees: the heap grew by twice as much as a bare `ws`
 * reader's. Here every array is allocated once (or doubled while the set grows), and an ID string
 * lives only as long as its slot, too short to be promoted in a fast stream. Lookups compare the
 * hash, then the string: the answer is exact, no false repeat and no missed one.
 */
export class MessageIdSet {
  readonly #limit: number;
  /** Slots in the ring (grows up to `limit`). */
  #capacity = 0;
  /** The IDs, by slot. */
  #ids: (string | undefined)[] = [];
  /** Each slot's hash: compared before the ID, and names the slot's bucket. */
  #hashes = new Int32Array(0);
  /** Per bucket, its first slot + 1 (0: empty); the bucket of a hash is `hash & #mask`. */
  #buckets = new Int32Array(0);
  #mask = 0;
  /** Per slot, the next slot + 1 of its bucket (0: the last one). */
  #chain = new Int32Array(0);
  /** The slot the next ID goes to; once the ring is full, the oldest ID's slot. */
  #next = 0;
  #size = 0;

  /**
   * @param limit How many of the latest IDs are kept (a whole number, 1 or more); the oldest is
   *   forgotten when another comes. `Infinity` keeps every ID, growing as needed.
   * @param initialCapacity Slots allocated at first (1 or more); a lower limit is allocated at once.
   */
  constructor(limit = Infinity, initialCapacity = 1024) {
    this.#limit = limit;
    this.#allocate(Math.min(limit, initialCapacity));
  }

  /** How many IDs are kept. */
  get size(): number {
    return this.#size;
  }

  /** Whether `id` is among the IDs kept, without recording it. */
  has(id: string): boolean {
    return this.#find(id, messageIdHash(id));
  }

  /** Records `id`; true when it was among the IDs kept already (a repeat to drop). */
  repeat(id: string): boolean {
    const hash = messageIdHash(id);
    if (this.#find(id, hash)) return true;
    if (this.#size === this.#capacity) {
      if (this.#capacity < this.#limit) this.#grow();
      else this.#evict(this.#next);
    }
    const slot = this.#next;
    this.#ids[slot] = id;
    this.#link(slot, hash);
    this.#next = slot + 1 === this.#capacity ? 0 : slot + 1;
    this.#size++;
    return false;
  }

  // -------------------------------------------------------------------------------------------

  #find(id: string, hash: number): boolean {
    for (let entry = this.#buckets[hash & this.#mask]!; entry !== 0; entry = this.#chain[entry - 1]!) {
      if (this.#hashes[entry - 1] === hash && this.#ids[entry - 1] === id) return true;
    }
    return false;
  }

  /** Puts `slot` first in the bucket of `hash`. */
  #link(slot: number, hash: number): void {
    const bucket = hash & this.#mask;
    this.#hashes[slot] = hash;
    this.#chain[slot] = this.#buckets[bucket]!;
    this.#buckets[bucket] = slot + 1;
  }

  /**
   * Forgets the ID in `slot`, the oldest one. IDs are put first in their bucket's chain, so the
   * oldest is the last of its chain: the link to it is cut.
   */
  #evict(slot: number): void {
    const buckets = this.#buckets;
    const chain = this.#chain;
    const bucket = this.#hashes[slot]! & this.#mask;
    if (buckets[bucket] === slot + 1) {
      buckets[bucket] = 0;
    } else {
      let before = buckets[bucket]! - 1;
      while (chain[before] !== slot + 1) before = chain[before]! - 1;
      chain[before] = 0;
    }
    this.#ids[slot] = undefined;
    this.#size--;
  }

  /** Allocates the arrays for `capacity` slots, with a bucket or two per slot. */
  #allocate(capacity: number): void {
    let buckets = 1;
    while (buckets < capacity) buckets *= 2;
    this.#capacity = capacity;
    this.#hashes = new Int32Array(capacity);
    this.#chain = new Int32Array(capacity);
    this.#buckets = new Int32Array(buckets);
    this.#mask = buckets - 1;
  }

  /** Doubles a set below its limit. It never evicted yet, so its slots are 0 to size - 1, in order. */
  #grow(): void {
    const hashes = this.#hashes;
    this.#allocate(Math.min(this.#capacity * 2, this.#limit));
    for (let slot = 0; slot < this.#size; slot++) this.#link(slot, hashes[slot]!);
    this.#next = this.#size;
  }
}

/**
 * The hash the set files `id` under: FNV-1a over its UTF-16 code units, then murmur3's finalizer
 * so that every character reaches the low bits that pick a bucket; 30 bits, a small integer
 * everywhere. Exported for tests, to find IDs that collide.
 */
export function messageIdHash(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) & 0x3fffffff;
}
