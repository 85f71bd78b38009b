import type { BroadcasterFields } from './common';

/** A channel taking part in a shared chat session. */
export interface SharedChatSessionParticipant {
  broadcaster_user_id: string;
  broadcaster_user_name: string;
  broadcaster_user_login: string;
}

/** The fields every shared chat event has. */
export interface SharedChatFields extends BroadcasterFields {
  session_id: string;
  /** The channel that started the session. */
  host_broadcaster_user_id: string;
  host_broadcaster_user_login: string;
  host_broadcaster_user_name: string;
}

/** `channel.shared_chat.begin`: the channel became active in a shared chat session. */
export interface ChannelSharedChatBeginEvent extends SharedChatFields {
  participants: SharedChatSessionParticipant[];
}

/** `channel.shared_chat.update`: the session changed (for example its participants). */
export interface ChannelSharedChatUpdateEvent extends SharedChatFields {
  participants: SharedChatSessionParticipant[];
}

/** `channel.shared_chat.end`: the channel left the session or the session ended. */
export type ChannelSharedChatEndEvent = SharedChatFields;
