import type { BroadcasterFields } from './common';

/** A poll choice when the poll starts. */
export interface PollChoice {
  /** The choice ID. */
  id: string;
  /** The text displayed for the choice. */
  title: string;
}

/** A poll choice with its votes. */
export interface PollChoiceResult extends PollChoice {
  /** Not used by the platform any more; always 0. */
  bits_votes: number;
  /** The votes received through Channel Points. */
  channel_points_votes: number;
  /** All votes, Channel Points votes included. */
  votes: number;
}

/** Whether viewers may buy extra votes, and at what price. */
export interface PollVoting {
  /** Whether viewers can buy extra votes this way (always false for Bits). */
  is_enabled: boolean;
  /** The price of one extra vote (always 0 for Bits). */
  amount_per_vote: number;
}

/** The fields every poll event has. */
export interface PollFields extends BroadcasterFields {
  /** The poll ID. */
  id: string;
  /** The question displayed for the poll. */
  title: string;
  /** Not used by the platform any more; disabled. */
  bits_voting: PollVoting;
  /** The Channel Points voting settings of the poll. */
  channel_points_voting: PollVoting;
  /** When the poll started. */
  started_at: string;
}

/** `channel.poll.begin`: poll started. */
export interface ChannelPollBeginEvent extends PollFields {
  /** The poll's choices. */
  choices: PollChoice[];
  /** When the poll will end. */
  ends_at: string;
}

/** `channel.poll.progress`: poll received votes. */
export interface ChannelPollProgressEvent extends PollFields {
  /** The poll's choices with their votes. */
  choices: PollChoiceResult[];
  /** When the poll will end. */
  ends_at: string;
}

/** `channel.poll.end`: poll ended. */
export interface ChannelPollEndEvent extends PollFields {
  /** The poll's choices with their votes. */
  choices: PollChoiceResult[];
  /** `archived`: the poll ended and is no longer shown; `terminated`: ended early. */
  status: 'completed' | 'archived' | 'terminated';
  /** When the poll ended. */
  ended_at: string;
}
