import type { BroadcasterFields } from './common';

/** `stream.online`: the broadcaster started a stream. */
export interface StreamOnlineEvent extends BroadcasterFields {
  /** The stream ID. */
  id: string;
  /** The stream type. */
  type: 'live' | 'playlist' | 'watch_party' | 'premiere' | 'rerun';
  /** When the stream went online. */
  started_at: string;
}

/** `stream.offline`: the broadcaster stopped streaming. */
export interface StreamOfflineEvent extends BroadcasterFields {
  /** The ID of the stream that ended: the `id` of its `stream.online` event and of Get Streams. */
  id: string;
}
