import type { BroadcasterFields } from './common';

/** A channel taking part in a shared chat session. */
export interface SharedChatSessionParticipant {
  /** The user ID of the participant channel. */
  broadcaster_user_id: string;
  /** The display name of the participant channel. */
  broadcaster_user_name: string;
  /** The login of the participant channel. */
  broadcaster_user_login: string;
}

/** The fields every shared chat event has. */
export interface SharedChatFields extends BroadcasterFields {
  /** The ID of the shared chat session. */
  session_id: string;
  /** The channel that started the session. */
  host_broadcaster_user_id: string;
  /** The login of the host channel. */
  host_broadcaster_user_login: string;
  /** The display name of the host channel. */
  host_broadcaster_user_name: string;
}

/** `channel.shared_chat.begin`: the channel became active in a shared chat session. */
export interface ChannelSharedChatBeginEvent extends SharedChatFields {
  /** The channels in the session. */
  participants: SharedChatSessionParticipant[];
}

/** `channel.shared_chat.update`: the session changed (for example its participants). */
export interface ChannelSharedChatUpdateEvent extends SharedChatFields {
  /** The channels in the session. */
  participants: SharedChatSessionParticipant[];
}

/** `channel.shared_chat.end`: the channel left the session or the session ended. */
export type ChannelSharedChatEndEvent = SharedChatFields;
