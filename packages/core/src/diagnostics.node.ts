import { channel } from 'node:diagnostics_channel';
import type { Diagnostics } from './diagnostics';

// Node's form of `#diagnostics`: the channels `platform:request` and `platform:response` (the names
// of `diagnosticsChannels`, written out here because this module imports nothing but types from
// the rest of core: the CommonJS build gives it a module of its own). Channels are global by name,
// so a subscriber sees the messages of every copy of the library a program holds.

const channels = { request: channel('platform:request'), response: channel('platform:response') };

/** The channels the pipeline publishes each attempt's `RequestEvent` and `ResponseEvent` on. */
export const diagnostics: Diagnostics & { readonly channels: typeof channels } = {
  channels,
  watched: () => channels.request.hasSubscribers || channels.response.hasSubscribers,
  publish(name, event) {
    if (channels[name].hasSubscribers) channels[name].publish(event);
  },
};
