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

/** Collects garbage left by the previous measurement (when node runs with --expose-gc). */
export function settle(): void {
  globalThis.gc?.();
}

function cpuMicros(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return used.user + used.system;
}

/** `calls` small GETs one after the other. */
export async function sequential(client: BenchClient, calls: number): Promise<CallFigures> {
  settle();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let index = 0; index < calls; index++) await client.get();
  const elapsed = performance.now() - start;
  return { callsPerSecond: (calls * 1000) / elapsed, cpuMicrosPerCall: cpuMicros(cpu) / calls };
}

/** `bursts` rounds of `size` concurrent small GETs (`Promise.all`). */
export async function burst(client: BenchClient, bursts: number, size: number): Promise<CallFigures> {
  settle();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let round = 0; round < bursts; round++) {
    const calls: Promise<number>[] = [];
    for (let index = 0; index < size; index++) calls.push(client.get());
    await Promise.all(calls);
  }
  const elapsed = performance.now() - start;
  const calls = bursts * size;
  return { callsPerSecond: (calls * 1000) / elapsed, cpuMicrosPerCall: cpuMicros(cpu) / calls };
}

/** One full pass over the paged list; checks the count after the clock stops. */
export async function pagePass(client: BenchClient, expected: number): Promise<PageFigures> {
  settle();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const items = await client.pageAll();
  const elapsed = performance.now() - start;
  const cpuMs = cpuMicros(cpu) / 1000;
  if (items.length !== expected) throw new Error(`${client.name} paged ${items.length} items instead of ${expected}.`);
  return { msPerPass: elapsed, cpuMsPerPass: cpuMs };
}

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
