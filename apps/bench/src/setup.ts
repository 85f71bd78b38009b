/** Checks both benches run before measuring: where the tested packages load from, and `localhost`. */
import { lookup, setDefaultResultOrder } from 'node:dns/promises';
import { readdir, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** twurple calls `http://localhost:<port>`; the bench servers listen on 127.0.0.1 only. */
export async function checkLocalhost(): Promise<string> {
  // Prefer IPv4 for `localhost` (Node 17+ keeps the resolver's order, which may put ::1 first).
  setDefaultResultOrder('ipv4first');
  const addresses = await lookup('localhost', { all: true });
  const first = addresses[0]?.address;
  if (first !== '127.0.0.1') {
    throw new Error(`localhost resolves to ${addresses.map((a) => a.address).join(', ')}; twurple's mock mode needs it to reach 127.0.0.1.`);
  }
  return addresses.map((a) => a.address).join(', ');
}

/**
 * Where a workspace package (`@platform/core`...) is loaded from, and a warning when that is not
 * its built dist, when the dist is missing, or when it is older than the package's source.
 */
export async function packageBuild(name: string): Promise<{ path: string; warning?: string }> {
  const path = fileURLToPath(import.meta.resolve(name));
  if (!/[\\/]dist[\\/]/.test(path)) return { path, warning: 'not the built dist: the figures would not be what users get' };
  let built: number;
  try {
    built = (await stat(path)).mtimeMs;
  } catch {
    return { path, warning: `no build: run \`pnpm --filter ${name} build\`` };
  }
  const src = new URL('../src/', new URL(`file://${path}`));
  let newest = 0;
  for (const entry of await readdir(src, { recursive: true })) {
    if (entry.endsWith('.ts')) newest = Math.max(newest, (await stat(new URL(entry, src))).mtimeMs);
  }
  return built < newest ? { path, warning: `dist is older than src: run \`pnpm --filter ${name} build\`` } : { path };
}
