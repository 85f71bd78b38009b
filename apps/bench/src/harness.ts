/** Timing loops and the small statistics the report needs. */
import type { BenchClient } from './clients';

export interface CallFigures {
  /** Calls per second of wall-clock time. */
  callsPerSecond: number;
  /** This process's CPU time (user + system) per call, in microseconds. */
  cpuMicrosPerCall: number;
}

export interface PageFigures {
  /** Wall-clock milliseconds for one pass over every item. */
  msPerPass: number;
  /** This process's CPU time for one pass, in milliseconds. */
  cpuMsPerPass: number;
}

/**
 * Collects the young garbage left by the previous measurement (when node runs with --expose-gc).
 * A minor collection only: a full one (`gc()`) also drops the optimized code that holds objects it
 * frees, Node's HTTP internals with it, and the run after it spent about a third of its CPU
 * recompiling (measured with `--trace-opt`: 330 to 450 ms of TurboFan work in a 1 s run, for raw
 * node:http as for our library). Such a run measured the compiler more than the client.
 */
export function settle(): void {
  (globalThis.gc as ((options?: { type: 'minor' }) => void) | undefined)?.({ type: 'minor' });
}

function cpuMicros(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}

/** Runs `work` and measures it: wall-clock milliseconds and this process's CPU (user + system) in microseconds. */
async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; cpuMicros: number }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  return { result, ms, cpuMicros: cpuMicros(cpu) };
}

/** `calls` small GETs one after the other. */
async function oneByOne(client: BenchClient, calls: number): Promise<void> {
  for (let index = 0; index < calls; index++) await client.get();
}

/** `bursts` rounds of `size` concurrent small GETs (`Promise.all`). */
async function inBursts(client: BenchClient, bursts: number, size: number): Promise<void> {
  for (let round = 0; round < bursts; round++) {
    const calls: Promise<number>[] = [];
    for (let index = 0; index < size; index++) calls.push(client.get());
    await Promise.all(calls);
  }
}

/** `calls` small GETs one after the other. */
export async function sequential(client: BenchClient, calls: number): Promise<CallFigures> {
  settle();
  const { ms, cpuMicros: cpu } = await timed(() => oneByOne(client, calls));
  return { callsPerSecond: (calls * 1000) / ms, cpuMicrosPerCall: cpu / calls };
}

/** `bursts` rounds of `size` concurrent small GETs (`Promise.all`). */
export async function burst(client: BenchClient, bursts: number, size: number): Promise<CallFigures> {
  settle();
  const { ms, cpuMicros: cpu } = await timed(() => inBursts(client, bursts, size));
  const calls = bursts * size;
  return { callsPerSecond: (calls * 1000) / ms, cpuMicrosPerCall: cpu / calls };
}

/** One full pass over the paged list; checks the count after the clock stops. */
export async function pagePass(client: BenchClient, expected: number): Promise<PageFigures> {
  settle();
  const { result: items, ms, cpuMicros: cpu } = await timed(() => client.pageAll());
  if (items.length !== expected) throw new Error(`${client.name} paged ${items.length} items instead of ${expected}.`);
  return { msPerPass: ms, cpuMsPerPass: cpu / 1000 };
}

/** The short blocks of the interleaved comparisons (`paired()`): 200 sequential calls, or 4 bursts of `size`. */
export const sequentialBlock = (client: BenchClient): Promise<void> => oneByOne(client, 200);
export const burstBlock =
  (size: number) =>
  (client: BenchClient): Promise<void> =>
    inBursts(client, 4, size);

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Largest relative distance between two runs of one figure: max / min − 1. */
export function spread(values: readonly number[]): number {
  if (values.length < 2) return 0;
  return Math.max(...values) / Math.min(...values) - 1;
}

/** The clients in a different order each repetition, so no client always runs first or last. */
export function rotated<T>(items: readonly T[], by: number): T[] {
  const shift = by % items.length;
  return [...items.slice(shift), ...items.slice(0, shift)];
}

/** What an interleaved comparison found: medians of the pairs' ratios (first client / second). */
export interface PairedFigures {
  cpu: number;
  time: number;
  pairs: number;
}

/**
 * Measures two clients in alternating short blocks (`pairs` pairs, the order swapped every pair)
 * and gives the median of each pair's CPU and time ratio. Both blocks of a pair run within a
 * fraction of a second of each other, so the machine's drift (a virtual machine's neighbours,
 * frequency changes), which moves a 3,000-call run by up to ±30% here, weighs on both alike.
 */
export async function paired(first: BenchClient, second: BenchClient, pairs: number, block: (client: BenchClient) => Promise<void>): Promise<PairedFigures> {
  const { cpu, time } = await interleaved(first, [second], pairs, block);
  return { cpu: cpu[0]!, time: time[0]!, pairs };
}

/** What `interleaved()` found: for each reference, the median of the rounds' ratios (client / reference). */
export interface RoundFigures {
  cpu: number[];
  time: number[];
  /** Rounds measured (named as `paired()` names its pairs). */
  pairs: number;
}

/**
 * `paired()` for one client against several references: `rounds` rounds of one short block each,
 * the order rotated every round (with one reference: swapped every round, as `paired()` does),
 * and for each reference the median of the rounds' CPU and time ratios.
 */
export async function interleaved(client: BenchClient, references: readonly BenchClient[], rounds: number, block: (client: BenchClient) => Promise<void>): Promise<RoundFigures> {
  settle();
  const all = [client, ...references];
  const cpuRatios = references.map((): number[] => []);
  const timeRatios = references.map((): number[] => []);
  for (let round = 0; round < rounds; round++) {
    const measured = new Map<BenchClient, { ms: number; cpuMicros: number }>();
    for (const each of rotated(all, round)) measured.set(each, await timed(() => block(each)));
    const ours = measured.get(client)!;
    references.forEach((reference, index) => {
      const theirs = measured.get(reference)!;
      cpuRatios[index]!.push(ours.cpuMicros / theirs.cpuMicros);
      timeRatios[index]!.push(ours.ms / theirs.ms);
    });
  }
  return { cpu: cpuRatios.map(median), time: timeRatios.map(median), pairs: rounds };
}
