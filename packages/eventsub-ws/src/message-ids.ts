/**
 * The `message_id`s a session has delivered, held in typed arrays so that recording one allocates
 * nothing on the JavaScript heap.
 *
 * Why not a `Set<string>`: at tens of thousands of events a second, the ID strings kept as `Set`
 * keys were promoted to V8's old space (about 160 KB per scavenge in the EventSub bench), where
 * they became garbage that only a full mark-sweep frees: the heap grew by twice as much as a bare
 * `ws` reader's. Here the platform's IDs, UUIDs in lowercase hex, are kept as four 32-bit words in
 * a ring, with a hash index over the ring (buckets chained through a typed array), all allocated
 * up front. An ID that is not such a UUID is kept as its string, in the same ring and index, so
 * the answer stays exact for any ID: no false repeat, no missed one.
 */
export class MessageIdSet {
  readonly #limit: number;
  /** Slots in the ring (grows up to `limit`). */
  #capacity = 0;
  /** Four words per slot: the UUID's 128 bits, most significant word first. */
  #words = new Uint32Array(0);
  /** The IDs that are not UUIDs, by slot; created with the first one. */
  #strings: (string | undefined)[] | undefined;
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
  /** The words of the ID last looked up, when it is a UUID. */
  readonly #uuid = new Uint32Array(4);
  /** Whether the ID last looked up is a UUID. */
  #isUuid = false;
  /** The hash of the ID last looked up. */
  #hash = 0;

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
    return this.#find(id);
  }

  /** Records `id`; true when it was among the IDs kept already (a repeat to drop). */
  repeat(id: string): boolean {
    if (this.#find(id)) return true;
    if (this.#size === this.#capacity) {
      if (this.#capacity < this.#limit) this.#grow();
      else this.#evict(this.#next);
    }
    // `#find` left the ID's hash and, for a UUID, its words.
    const slot = this.#next;
    if (this.#isUuid) this.#words.set(this.#uuid, slot * 4);
    else (this.#strings ??= new Array<string | undefined>(this.#capacity))[slot] = id;
    this.#link(slot, this.#hash);
    this.#next = slot + 1 === this.#capacity ? 0 : slot + 1;
    this.#size++;
    return false;
  }

  // -------------------------------------------------------------------------------------------

  /** Whether `id` is kept. Leaves its hash in `#hash`, and whether it is a UUID (with its words in `#uuid`). */
  #find(id: string): boolean {
    const uuid = this.#uuid;
    const isUuid = (this.#isUuid = parseUuid(id, uuid));
    const hash = (this.#hash = isUuid ? mix(uuid[0]! ^ uuid[1]! ^ uuid[2]! ^ uuid[3]!) : hashString(id));
    const words = this.#words;
    for (let entry = this.#buckets[hash & this.#mask]!; entry !== 0; entry = this.#chain[entry - 1]!) {
      const slot = entry - 1;
      if (this.#hashes[slot] !== hash) continue;
      const kept = this.#strings?.[slot];
      if (!isUuid) {
        if (kept === id) return true;
        continue;
      }
      const at = slot * 4;
      if (kept === undefined && words[at] === uuid[0] && words[at + 1] === uuid[1] && words[at + 2] === uuid[2] && words[at + 3] === uuid[3]) {
        return true;
      }
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
    if (this.#strings) this.#strings[slot] = undefined;
    this.#size--;
  }

  /** Allocates the arrays for `capacity` slots, with a bucket or two per slot. */
  #allocate(capacity: number): void {
    let buckets = 1;
    while (buckets < capacity) buckets *= 2;
    this.#capacity = capacity;
    this.#words = new Uint32Array(capacity * 4);
    this.#hashes = new Int32Array(capacity);
    this.#chain = new Int32Array(capacity);
    this.#buckets = new Int32Array(buckets);
    this.#mask = buckets - 1;
  }

  /** Doubles a set below its limit. It never evicted yet, so its slots are 0 to size - 1, in order. */
  #grow(): void {
    const words = this.#words;
    const hashes = this.#hashes;
    this.#allocate(Math.min(this.#capacity * 2, this.#limit));
    this.#words.set(words);
    for (let slot = 0; slot < this.#size; slot++) this.#link(slot, hashes[slot]!);
    this.#next = this.#size;
  }
}

/** The hash the set files `id` under (for tests: to find IDs that collide). */
export function messageIdHash(id: string): number {
  const words = new Uint32Array(4);
  return parseUuid(id, words) ? mix(words[0]! ^ words[1]! ^ words[2]! ^ words[3]!) : hashString(id);
}

/** FNV-1a over the UTF-16 code units of an ID that is not a UUID. */
function hashString(id: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index++) hash = Math.imul(hash ^ id.charCodeAt(index), 0x01000193);
  return mix(hash);
}

/** murmur3's finalizer, so that every input bit reaches the low bits that pick a bucket; 30 bits, a small integer everywhere. */
function mix(hash: number): number {
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) & 0x3fffffff;
}

/**
 * Whether `id` is a UUID in canonical form (36 characters, lowercase hex digits, hyphens after the
 * 8th, 12th, 16th and 20th digit); if so its 128 bits are left in `words`. Uppercase digits do not
 * count: one 128-bit value stands for exactly one ID string.
 */
export function parseUuid(id: string, words: Uint32Array): boolean {
  if (id.length !== 36 || id.charCodeAt(8) !== 0x2d || id.charCodeAt(13) !== 0x2d || id.charCodeAt(18) !== 0x2d || id.charCodeAt(23) !== 0x2d) {
    return false;
  }
  notHex = 0;
  // One loop per run of digits between hyphens: the fastest form measured.
  words[0] = hexDigits(id, 0, 8, 0);
  words[1] = hexDigits(id, 14, 18, hexDigits(id, 9, 13, 0));
  words[2] = hexDigits(id, 24, 28, hexDigits(id, 19, 23, 0));
  words[3] = hexDigits(id, 28, 36, 0);
  return notHex === 0;
}

/** Set by `hexDigits` when it met a character that is no lowercase hex digit. */
let notHex = 0;

/** `word` followed by the hex digits of `id` from `from` to `to` (excluded), 4 bits each. */
function hexDigits(id: string, from: number, to: number, word: number): number {
  let seen = 0;
  for (let position = from; position < to; position++) {
    const code = id.charCodeAt(position);
    const value = code >= 0x30 && code <= 0x39 ? code - 0x30 : code >= 0x61 && code <= 0x66 ? code - 0x57 : 16;
    seen |= value;
    word = (word << 4) | (value & 15);
  }
  notHex |= seen & 16;
  return word;
}
