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
export type StreamOfflineEvent = BroadcasterFields;
