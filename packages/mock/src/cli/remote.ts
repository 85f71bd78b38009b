import { CliError } from './args';

/** A control as `GET /mock/` lists it (the fields the command line reads). */
export interface RemoteControl {
  name: string;
  does: string;
  params: { name: string; type: string; optional: boolean; rest: boolean }[];
  method: 'GET' | 'POST';
  path: string;
}

/** The index of a running `serve`'s controls. */
export interface RemoteIndex {
  controls: RemoteControl[];
  /** The control of that name, or a `CliError` saying the server has none. */
  find(name: string): RemoteControl;
  /** The control of that name, if the server has it. */
  has(name: string): RemoteControl | undefined;
}

async function request(command: string, url: URL, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
    throw new CliError(`${command}: no platform-mock serve answers at ${url.origin} (${cause}); start one with platform-mock serve`);
  }
}

/** Reads `GET /mock/` of the server at `base` (its origin: a path is ignored). */
export async function controlIndex(command: string, base: URL): Promise<RemoteIndex> {
  const url = new URL('/mock/', base);
  const response = await request(command, url);
  if (response.status === 404) throw new CliError(`${command}: ${base.origin} has no /mock/ controls (is it a platform-mock serve of this version?)`);
  if (!response.ok) throw new CliError(`${command}: GET ${url.href} answered ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as { controls?: RemoteControl[] } | undefined;
  if (!Array.isArray(body?.controls)) throw new CliError(`${command}: GET ${url.href} did not answer an index of controls`);
  const controls = body.controls;
  const has = (name: string) => controls.find((control) => control.name === name);
  return {
    controls,
    has,
    find(name) {
      const control = has(name);
      if (!control) throw new CliError(`${command}: the serve at ${base.origin} has no control ${name} (GET ${url.href} lists its controls)`);
      return control;
    },
  };
}

/** Calls a control with named parameters; its JSON result, or a `CliError` with the server's message. */
export async function callControl(command: string, base: URL, name: string, params: Record<string, unknown>): Promise<unknown> {
  const url = new URL(`/mock/${name}`, base);
  const response = await request(command, url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(params) });
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  if (!response.ok) {
    const message = typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : text;
    throw new CliError(`${command}: ${name} answered ${response.status}: ${message}`);
  }
  return body;
}
