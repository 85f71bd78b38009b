import { mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileTokenStore } from '../src/index';
import { barrier, startChild, stopAll, temporaryDirectory, type Child } from './helpers';

const crashRounds = 3;
let dir: string;
let remove: () => Promise<void>;
let writers: Child[];
let crashWriters: Child[];

// Every child starts here, together: starting a process takes most of a second. Each waits for
// its test to let it go.
beforeAll(async () => {
  ({ dir, remove } = await temporaryDirectory());
  await Promise.all([mkdir(join(dir, 'concurrent')), mkdir(join(dir, 'crash'))]);
  writers = ['a', 'b'].map((prefix) => startChild('writer', { path: join(dir, 'concurrent', 'tokens.json'), prefix, count: 60 }));
  crashWriters = Array.from({ length: crashRounds }, (_, round) => startChild('writer', { path: join(dir, 'crash', 'tokens.json'), prefix: `r${round}-`, tokenSize: 20_000 }));
});
afterAll(async () => {
  await stopAll([...writers, ...crashWriters]);
  await remove();
});

describe('two processes sharing one file', () => {
  it('writing different users at the same time, they lose none of each other’s users', async () => {
    await barrier(writers);
    await Promise.all(writers.map((writer) => writer.next('done')));
    const users = await new FileTokenStore(join(dir, 'concurrent', 'tokens.json')).list();
    expect(users).toHaveLength(120);
    expect(new Set(users.map((user) => user.userId)).size).toBe(120);
    expect(await readdir(join(dir, 'concurrent'))).toEqual(['tokens.json']);
  });

  it('a writer killed mid-write (SIGKILL, in a loop of writes) always leaves a valid store; the next writer breaks its lock', async () => {
    const path = join(dir, 'crash', 'tokens.json');
    let valid = 0;
    for (let round = 0; round < crashRounds; round++) {
      const writer = crashWriters[round]!;
      await barrier([writer]);
      await writer.next('writing');
      await sleep(20 + round * 20);
      writer.process.kill('SIGKILL');
      const { signal } = await writer.exited;
      expect(signal).toBe('SIGKILL');
      // Always valid JSON in the format, with the earlier rounds' users still there.
      const content = JSON.parse(await readFile(path, 'utf8'));
      expect(content.version).toBe(1);
      const users = await new FileTokenStore(path).list();
      for (let earlier = 0; earlier <= round; earlier++) expect(users.some((user) => user.userId.startsWith(`r${earlier}-`))).toBe(true);
      valid++;
    }
    expect(valid).toBe(crashRounds);
    // The killed writer may have left its write lock and a temporary file: the next write, in
    // this process, breaks the lock of the dead PID at once and removes the temporary file.
    const started = Date.now();
    await new FileTokenStore(path, { lockTimeoutMs: 2_000 }).set({ userId: 'after', accessToken: 'a', scopes: [] });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await readdir(join(dir, 'crash'))).toEqual(['tokens.json']);
  });
});
