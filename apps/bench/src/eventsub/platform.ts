/**
 * Loads our EventSub transports, `@platform/eventsub-ws` and `@platform/eventsub-webhook`, from
 * their built dist (Node's default conditions, like `@platform/core` in the HTTP bench).
 *
 * They are imported at run time by a specifier held in a variable, so that the bench still runs
 * (raw and twurple) when they are missing, unbuilt or broken: it then leaves "ours" out and says
 * why. Their types come from the packages themselves (type-only imports, erased at run time).
 */
import type * as PlatformWebhook from '@platform/eventsub-webhook';
import type * as PlatformWs from '@platform/eventsub-ws';
import { packageBuild } from '../setup';

/** `@platform/eventsub-ws` as the bench uses it (types only: the module itself is loaded by `loadPlatformWs()`). */
export type PlatformWsModule = Pick<typeof PlatformWs, 'eventSubWebSocket'>;
/** `@platform/eventsub-webhook` as the bench uses it (types only: the module itself is loaded by `loadPlatformWebhook()`). */
export type PlatformWebhookModule = Pick<typeof PlatformWebhook, 'eventSubWebhook'>;

export type Loaded<Module> = { ok: true; module: Module; path: string; warning?: string } | { ok: false; reason: string };

async function load<Module>(name: string, exportName: string): Promise<Loaded<Module>> {
  let build: { path: string; warning?: string };
  try {
    build = await packageBuild(name);
  } catch (error) {
    return { ok: false, reason: `${name} cannot be resolved (${(error as Error).message})` };
  }
  if (build.warning?.startsWith('no build')) return { ok: false, reason: `${name} is not built (${build.path} is missing)` };
  let module: Record<string, unknown>;
  try {
    const specifier: string = name;
    module = (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, reason: `${name} does not load: ${(error as Error).message.split('\n')[0]}` };
  }
  if (typeof module[exportName] !== 'function') return { ok: false, reason: `${name} has no ${exportName}() export` };
  return { ok: true, module: module as Module, path: build.path, ...(build.warning ? { warning: build.warning } : {}) };
}

export const loadPlatformWs = () => load<PlatformWsModule>('@platform/eventsub-ws', 'eventSubWebSocket');
export const loadPlatformWebhook = () => load<PlatformWebhookModule>('@platform/eventsub-webhook', 'eventSubWebhook');
