/** One cooldown to take: its key, and how long it runs once taken. */
export interface CooldownEntry {
  /** The key: the bot, the command and the scope (`user`, `channel`, `global`) with its IDs. */
  key: string;
  /** Milliseconds the cooldown runs once taken. */
  ms: number;
}

/**
 * Where cooldowns are kept: in memory by default (`memoryCooldowns()`), or shared by every process
 * of a bot through Redis (`redisCooldowns({ url })` of `@platform/redis-store`).
 */
export interface CooldownStore {
  /**
   * Takes every entry at once when none of them is running, and answers 0; otherwise takes none of
   * them and answers how many milliseconds are left of the longest one running. `now` is the bot's
   * clock (epoch ms). A rejection means the check could not be made: the command is not run.
   */
  take(entries: readonly CooldownEntry[], now: number): number | Promise<number>;
}

/**
 * Cooldowns in this process's memory: the default of `createBot()`. Ended cooldowns are swept out
 * as new ones are taken, so the map holds only the running ones (and a few ended ones).
 */
export function memoryCooldowns(): CooldownStore {
  const until = new Map<string, number>();
  let sweepAt = 0;
  return {
    take(entries, now) {
      let wait = 0;
      for (const entry of entries) wait = Math.max(wait, (until.get(entry.key) ?? 0) - now);
      if (wait > 0) return wait;
      for (const entry of entries) until.set(entry.key, now + entry.ms);
      if (until.size > sweepAt) {
        for (const [key, end] of until) if (end <= now) until.delete(key);
        sweepAt = until.size * 2 + 100;
      }
      return 0;
    },
  };
}
