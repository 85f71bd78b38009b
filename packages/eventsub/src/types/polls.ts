import type { BroadcasterFields } from './common';

/** A poll choice when the poll starts. */
export interface PollChoice {
  id: string;
  title: string;
}

/** A poll choice with its votes. */
export interface PollChoiceResult extends PollChoice {
  /** Not used by the platform any more; always 0. */
  bits_votes: number;
  channel_points_votes: number;
  /** All votes, Channel Points votes included. */
  votes: number;
}

/** Whether viewers may buy extra votes, and at what price. */
export interface PollVoting {
  is_enabled: boolean;
  amount_per_vote: number;
}

/** The fields every poll event has. */
export interface PollFields extends BroadcasterFields {
  /** The poll ID. */
  id: string;
  title: string;
  /** Not used by the platform any more; disabled. */
  bits_voting: PollVoting;
  channel_points_voting: PollVoting;
  started_at: string;
}

/** `channel.poll.begin`: poll started. */
export interface ChannelPollBeginEvent extends PollFields {
  choices: PollChoice[];
  ends_at: string;
}

/** `channel.poll.progress`: poll received votes. */
export interface ChannelPollProgressEvent extends PollFields {
  choices: PollChoiceResult[];
  ends_at: string;
}

/** `channel.poll.end`: poll ended. */
export interface ChannelPollEndEvent extends PollFields {
  choices: PollChoiceResult[];
  /** `archived`: the poll ended and is no longer shown; `terminated`: ended early. */
  status: 'completed' | 'archived' | 'terminated';
  ended_at: string;
}
