/**
 * The pause before retry number `retry` (1-based) after a network failure, a timeout or a 5xx:
 * random in 125-250 ms before the first, doubling each time (250-500, 500-1000, ...), up to
 * 4-8 s: the upper bound doubles from 250 ms up to 8 s, and each pause is at least half of it.
 */
export function retryDelay(retry: number, random: () => number): number {
  const low = Math.min(125 * 2 ** (retry - 1), 4000);
  return low + random() * low;
}

/**
 * The wait after the `hit`-th (0-based) endpoint-specific 429 of one call (the bucket still had
 * points, so the platform limits this endpoint, not the token): random in 0.5-1 s the first time,
 * then twice as long each time, never above 30 s.
 */
export function endpointLimitDelay(hit: number, random: () => number): number {
  const low = Math.min(500 * 2 ** hit, 15_000);
  return low + random() * low;
}
