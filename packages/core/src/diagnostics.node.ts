import { channel } from 'node:diagnostics_channel';
import type { DiagnosticsChannel } from './diagnostics';

// Node's form of `#diagnostics`: the channels `platform:request` and `platform:response` (the names
// of `diagnosticsChannels`, written out here because this module imports nothing but types from
// the rest of core: the CommonJS build gives it a module of its own). Channels are global by name,
// so a subscriber sees the messages of every copy of the library a program holds.

/** The channels the pipeline publishes each attempt's `RequestEvent` and `ResponseEvent` on. */
export const diagnostics: { readonly request: DiagnosticsChannel; readonly response: DiagnosticsChannel } | undefined = {
  request: channel('platform:request'),
  response: channel('platform:response'),
};
