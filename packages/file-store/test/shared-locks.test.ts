import { appendFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileTokenStore } from '../src/index';
import { barrier, startChild, stopAll, temporaryDirectory, type Child } from './helpers';

let dir: string;
let remove: () => Promise<void>;
let lockers: Child[];
let killed: Child;
let slow: Child;
const at = (name: string, file: string) => join(dir, name, file);

// Every child starts here, together: starting a process takes most of a second. Each waits for
// its test to let it go.
beforeAll(async () => {
  ({ dir, remove } = await temporaryDirectory());
  await Promise.all(['exclusion', 'killed', 'slow'].map((name) => mkdir(join(dir, name))));
  lockers = [0, 1].map(() => startChild('locker', { path: at('exclusion', 'tokens.json'), userId: '11', rounds: 4, holdMs: 25, log: at('exclusion', 'log.txt') }));
  killed = startChild('locker', { path: at('killed', 'tokens.json'), userId: '11', rounds: 1, holdMs: 0, log: at('killed', 'log.txt'), hang: true });
  slow = startChild('locker', { path: at('slow', 'tokens.json'), userId: '11', rounds: 1, holdMs: 500, log: at('slow', 'log.txt'), staleLockMs: 150 });
});
afterAll(async () => {
  await stopAll([...lockers, killed, slow]);
  await remove();
});

describe('lock(userId) across processes', () => {
  it('excludes a second process: holds never overlap', async () => {
    await barrier(lockers);
    await Promise.all(lockers.map((locker) => locker.next('done')));
    const lines = (await readFile(at('exclusion', 'log.txt'), 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(16);
    for (let index = 0; index < lines.length; index += 2) {
      expect(lines[index]).toMatch(/^enter \d+$/);
      expect(lines[index + 1]).toBe(lines[index]!.replace('enter', 'exit'));
    }
    // Both processes took part.
    expect(new Set(lines.map((line) => line.split(' ')[1])).size).toBe(2);
    expect(await readdir(join(dir, 'exclusion'))).toEqual(['log.txt']);
  });

  it('a lock whose holder was killed is broken at once', async () => {
    await barrier([killed]);
    await killed.next('inside');
    killed.process.kill('SIGKILL');
    await killed.exited;
    expect(await readdir(join(dir, 'killed'))).toContain('tokens.json.user-u-11.lock');
    const started = Date.now();
    await new FileTokenStore(at('killed', 'tokens.json'), { lockTimeoutMs: 2_000 }).lock('11', () => Promise.resolve());
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await readdir(join(dir, 'killed'))).toEqual(['log.txt']);
  });

  it('a live holder keeps its lock past staleLockMs (it refreshes it): the second process waits for it', async () => {
    const log = at('slow', 'log.txt');
    await barrier([slow]);
    await slow.next('inside');
    // The holder keeps the lock for 500 ms, more than three times staleLockMs.
    await new FileTokenStore(at('slow', 'tokens.json'), { staleLockMs: 150, lockTimeoutMs: 5_000 }).lock('11', async () => {
      await appendFile(log, 'enter test\n');
    });
    const pid = slow.process.pid!;
    expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual([`enter ${pid}`, `exit ${pid}`, 'enter test']);
  });
});
