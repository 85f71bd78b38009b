import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import {
  asTokenUser,
  choiceField,
  booleanField,
  Deadlines,
  iso,
  ok,
  page,
  repeated,
  requireLength,
  requireTokenUser,
  userFields,
  wholeNumber,
  type HelixContext,
  type RouteRow,
} from '../helix';

/*
 * The polls group (Get Polls, Create Poll, End Poll), written from the platform's reference. A poll
 * begins when it is created (`channel.poll.begin`), takes votes through `mock.polls.vote()` (no API
 * call votes; `channel.poll.progress`), and ends by End Poll (TERMINATED or ARCHIVED) or when its
 * duration has passed on the mock's clock (COMPLETED), raising `channel.poll.end` with the status.
 * A channel runs one poll at a time; Get Polls lists a channel's polls for 90 days.
 */

/** A poll's status, as Get Polls writes it (MODERATED and INVALID are the platform's own doing). */
export type PollStatus = 'ACTIVE' | 'COMPLETED' | 'TERMINATED' | 'ARCHIVED' | 'MODERATED' | 'INVALID';

/** One choice of a poll, with its votes. */
export interface PollChoiceRecord {
  /** The choice's ID. */
  id: string;
  /** The choice's title. */
  title: string;
  /** Every vote for the choice, those bought with Channel Points included. */
  votes: number;
  /** The votes bought with Channel Points. */
  channel_points_votes: number;
}

/** A poll as the mock keeps it. */
export interface PollRecord {
  /** The poll's ID. */
  id: string;
  /** The channel running the poll. */
  broadcaster_id: string;
  /** The poll's question. */
  title: string;
  /** The choices viewers vote for. */
  choices: PollChoiceRecord[];
  /** Viewers may buy extra votes with Channel Points. */
  channel_points_voting_enabled: boolean;
  /** The Channel Points an extra vote costs. */
  channel_points_per_vote: number;
  /** Where the poll stands. */
  status: PollStatus;
  /** Seconds. */
  duration: number;
  /** Epoch ms. */
  started_at: number;
  /** Epoch ms; null while the poll is active. */
  ended_at: number | null;
}

/** A vote cast with `mock.polls.vote()`. */
export interface PollVote {
  /** The viewer voting. */
  user_id: string;
  /** The choice voted for. */
  choice_id: string;
  /**
   * Extra votes bought with Channel Points, `channel_points_per_vote` each (the poll must allow
   * them). A viewer's first vote in a poll is free; after it, only Channel Points votes count.
   */
  channel_points_votes?: number;
}

/** What tests can do with polls that no API call does. */
export interface PollsControl {
  /**
   * A viewer votes in the channel's active poll: their first vote is free (one vote for the
   * choice), `channel_points_votes` adds votes bought with Channel Points. Raises
   * `channel.poll.progress`. Returns the poll. Throws when no poll is active, for an unknown user
   * or choice, for Channel Points votes the poll does not allow, and for a second free vote.
   */
  vote(broadcasterId: string, vote: PollVote): Readonly<PollRecord>;
  /** The channel's active poll (after ending those whose duration has passed); undefined when none. */
  active(broadcasterId: string): Readonly<PollRecord> | undefined;
  /** A poll by ID; undefined when unknown. */
  get(pollId: string): Readonly<PollRecord> | undefined;
  /** Ends every poll whose duration has passed on the mock's clock (COMPLETED); returns how many. */
  settle(): number;
}

const POLL_PAGE = { defaultFirst: 20, maxFirst: 20 };
const MAX_POLL_IDS = 20;
const TITLE = { min: 1, max: 60 };
const CHOICE_TITLE = { min: 1, max: 25 };
const MIN_CHOICES = 2;
const MAX_CHOICES = 5;
const MIN_DURATION = 15;
const MAX_DURATION = 1800;
const MAX_POINTS_PER_VOTE = 1_000_000;
/** Polls are available for 90 days after they are created. */
const POLL_LIFETIME_MS = 90 * 24 * 3600 * 1000;

/** What the polls group keeps, the helpers its routes share, and its controls' logic. */
export class PollsState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'polls', fields: ['polls', 'voters'] } as const;
  /** Every poll, in creation order. */
  readonly polls = new Map<string, PollRecord>();
  /** Who has cast their free vote, by poll ID. */
  readonly voters = new Map<string, Set<string>>();
  readonly deadlines: Deadlines;

  constructor(readonly context: HelixContext) {
    this.deadlines = new Deadlines(context.now);
  }

  /** Listed by Get Polls: created less than 90 days ago. */
  visible(poll: PollRecord): boolean {
    return poll.started_at + POLL_LIFETIME_MS > this.context.now();
  }

  activeOf(broadcasterId: string): PollRecord | undefined {
    return [...this.polls.values()].find((poll) => poll.broadcaster_id === broadcasterId && poll.status === 'ACTIVE');
  }

  endsAt(poll: PollRecord): number {
    return poll.started_at + poll.duration * 1000;
  }

  /** A poll as Get Polls, Create Poll and End Poll answer it. */
  body(poll: PollRecord): Record<string, unknown> {
    return {
      id: poll.id,
      ...userFields(this.context, poll.broadcaster_id, 'broadcaster'),
      title: poll.title,
      choices: poll.choices.map((choice) => ({ id: choice.id, title: choice.title, votes: choice.votes, channel_points_votes: choice.channel_points_votes, bits_votes: 0 })),
      bits_voting_enabled: false,
      bits_per_vote: 0,
      channel_points_voting_enabled: poll.channel_points_voting_enabled,
      channel_points_per_vote: poll.channel_points_per_vote,
      status: poll.status,
      duration: poll.duration,
      started_at: iso(poll.started_at),
      ended_at: poll.ended_at === null ? null : iso(poll.ended_at),
    };
  }

  raise(type: 'begin' | 'progress' | 'end', poll: PollRecord): void {
    const withVotes = type !== 'begin';
    const event: Record<string, unknown> = {
      id: poll.id,
      ...userFields(this.context, poll.broadcaster_id, 'broadcaster_user'),
      title: poll.title,
      choices: poll.choices.map((choice) =>
        withVotes ? { id: choice.id, title: choice.title, bits_votes: 0, channel_points_votes: choice.channel_points_votes, votes: choice.votes } : { id: choice.id, title: choice.title },
      ),
      // Bits voting is not supported: the platform sends it disabled.
      bits_voting: { is_enabled: false, amount_per_vote: 0 },
      channel_points_voting: { is_enabled: poll.channel_points_voting_enabled, amount_per_vote: poll.channel_points_per_vote },
    };
    if (type === 'end') {
      event.status = poll.status.toLowerCase();
      event.started_at = iso(poll.started_at);
      event.ended_at = iso(poll.ended_at!);
    } else {
      event.started_at = iso(poll.started_at);
      event.ends_at = iso(this.endsAt(poll));
    }
    this.context.events.raise({ type: `channel.poll.${type}`, version: '1', event, condition: { broadcaster_user_id: poll.broadcaster_id } });
  }

  /** Starts a poll: it takes votes until its duration has passed (COMPLETED) or End Poll. */
  begin(poll: PollRecord): void {
    this.polls.set(poll.id, poll);
    this.voters.set(poll.id, new Set());
    this.#arm(poll);
    this.raise('begin', poll);
  }

  /** The end of an active poll on the mock's clock. */
  #arm(poll: PollRecord): void {
    this.deadlines.set(poll.id, this.endsAt(poll), () => this.end(poll, 'COMPLETED', this.endsAt(poll)));
  }

  /** After a restore: the active polls end on the clock again. */
  restored(): void {
    this.deadlines.clearAll();
    for (const poll of this.polls.values()) if (poll.status === 'ACTIVE') this.#arm(poll);
  }

  end(poll: PollRecord, status: 'COMPLETED' | 'TERMINATED' | 'ARCHIVED', at: number): void {
    this.deadlines.clear(poll.id);
    poll.status = status;
    poll.ended_at = at;
    this.voters.delete(poll.id);
    this.raise('end', poll);
  }

  vote(broadcasterId: string, vote: PollVote): PollRecord {
    this.deadlines.settle();
    const poll = this.activeOf(broadcasterId);
    if (!poll) throw new Error(`User ${broadcasterId} has no active poll.`);
    if (!this.context.state.user(vote.user_id)) throw new Error(`No user ${vote.user_id}: add the user with mock.addUser() first.`);
    const choice = poll.choices.find((each) => each.id === vote.choice_id);
    if (!choice) throw new Error(`The poll ${poll.id} has no choice ${vote.choice_id}.`);
    const extra = vote.channel_points_votes ?? 0;
    if (!Number.isInteger(extra) || extra < 0) throw new Error(`channel_points_votes must be a whole number of 0 or more, not ${extra}.`);
    if (extra > 0 && !poll.channel_points_voting_enabled) throw new Error(`The poll ${poll.id} does not take Channel Points votes.`);
    const voted = this.voters.get(poll.id)!;
    const free = !voted.has(vote.user_id);
    if (!free && extra === 0) throw new Error(`User ${vote.user_id} already cast their free vote in poll ${poll.id}; further votes need channel_points_votes.`);
    voted.add(vote.user_id);
    choice.votes += (free ? 1 : 0) + extra;
    choice.channel_points_votes += extra;
    this.raise('progress', poll);
    return structuredClone(poll);
  }

  active(broadcasterId: string): PollRecord | undefined {
    this.deadlines.settle();
    const poll = this.activeOf(broadcasterId);
    return poll && structuredClone(poll);
  }

  get(pollId: string): PollRecord | undefined {
    this.deadlines.settle();
    const poll = this.polls.get(pollId);
    return poll && structuredClone(poll);
  }
}

/** The polls routes: Get Polls, Create Poll, End Poll. */
export const pollsRoutes: readonly RouteRow<PollsState>[] = [
  {
    method: 'GET',
    path: '/polls',
    token: 'user',
    scopes: ['channel:read:polls', 'channel:manage:polls'],
    query: ['broadcaster_id'],
    handle: asTokenUser<PollsState>('broadcaster_id', ({ request, userId }, polls) => {
      polls.deadlines.settle();
      const ids = [...new Set(repeated(request, 'id', MAX_POLL_IDS))];
      const own = [...polls.polls.values()].filter((poll) => poll.broadcaster_id === userId && polls.visible(poll));
      let listed: PollRecord[];
      if (ids.length > 0) {
        // In the order the IDs were given; IDs of other channels' polls are ignored.
        listed = ids.map((id) => own.find((poll) => poll.id === id)).filter((poll) => poll !== undefined);
        if (listed.length === 0) throw new HttpError(404, 'None of the IDs in the id query parameters were found.');
      } else {
        listed = own.reverse().sort((a, b) => b.started_at - a.started_at);
      }
      const { data, pagination } = page(request, listed, POLL_PAGE);
      return ok(data.map((poll) => polls.body(poll)), { pagination });
    }),
  },
  {
    method: 'POST',
    path: '/polls',
    token: 'user',
    scopes: ['channel:manage:polls'],
    body: ['broadcaster_id', 'title', 'choices', 'duration'],
    handle: ({ request, token, context }, polls) => {
      const body = request.body as Record<string, unknown>;
      const broadcasterId = String(body.broadcaster_id);
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      if (typeof body.title !== 'string') throw new HttpError(400, 'The field "title" must be a string');
      const title = requireLength(body.title, 'title', TITLE);
      if (!Array.isArray(body.choices) || body.choices.length < MIN_CHOICES || body.choices.length > MAX_CHOICES) {
        throw new HttpError(400, `The number of choices in the poll may not be less than ${MIN_CHOICES} or greater than ${MAX_CHOICES}`);
      }
      const choices = (body.choices as unknown[]).map((choice): PollChoiceRecord => {
        const choiceTitle = (choice as { title?: unknown } | null)?.title;
        if (typeof choiceTitle !== 'string') throw new HttpError(400, 'Each choice must have a "title" string');
        return { id: context.state.id(), title: requireLength(choiceTitle, 'choices.title', CHOICE_TITLE), votes: 0, channel_points_votes: 0 };
      });
      const duration = wholeNumber(body.duration, 'duration', MIN_DURATION, MAX_DURATION);
      const pointsEnabled = booleanField(body.channel_points_voting_enabled, 'channel_points_voting_enabled') ?? false;
      // Without a cost, Channel Points voting would be free: a missing cost is out of range. The
      // cost is set only when the voting is enabled: otherwise any whole number (0 included) is
      // ignored.
      const perVote = pointsEnabled
        ? wholeNumber(body.channel_points_per_vote ?? 0, 'channel_points_per_vote', 1, MAX_POINTS_PER_VOTE)
        : body.channel_points_per_vote === undefined ? 0 : wholeNumber(body.channel_points_per_vote, 'channel_points_per_vote', 0, MAX_POINTS_PER_VOTE);
      polls.deadlines.settle();
      if (polls.activeOf(broadcasterId)) {
        throw new HttpError(400, "The broadcaster already has a poll that's running; you may not create another poll until the current poll completes.");
      }
      const poll: PollRecord = {
        id: context.state.id(),
        broadcaster_id: broadcasterId,
        title,
        choices,
        channel_points_voting_enabled: pointsEnabled,
        channel_points_per_vote: pointsEnabled ? perVote : 0,
        status: 'ACTIVE',
        duration,
        started_at: context.now(),
        ended_at: null,
      };
      polls.begin(poll);
      return ok([polls.body(poll)]);
    },
  },
  {
    method: 'PATCH',
    path: '/polls',
    token: 'user',
    scopes: ['channel:manage:polls'],
    body: ['broadcaster_id', 'id', 'status'],
    handle: ({ request, token, context }, polls) => {
      const body = request.body as Record<string, unknown>;
      const broadcasterId = String(body.broadcaster_id);
      requireTokenUser(token, broadcasterId, 'broadcaster_id');
      const status = choiceField(body.status, 'status', ['TERMINATED', 'ARCHIVED'] as const);
      polls.deadlines.settle();
      const poll = polls.polls.get(String(body.id));
      if (!poll || poll.broadcaster_id !== broadcasterId || poll.status !== 'ACTIVE') throw new HttpError(400, 'The poll must be active to terminate or archive it.');
      polls.end(poll, status, context.now());
      return ok([polls.body(poll)]);
    },
  },
];

/** The polls controls: `mock.polls.*` and `/mock/polls.*`. */
export const pollsControls: ControlTable<PollsState, PollsControl> = {
  vote: {
    params: ['broadcasterId: string', '...vote: PollVote { user_id, choice_id, channel_points_votes? }'],
    does: "A viewer votes in the channel's active poll (first vote free, more with channel_points_votes); returns the poll.",
    run: (polls, broadcasterId, vote) => polls.vote(broadcasterId, vote),
  },
  active: {
    params: ['broadcasterId: string'],
    does: "The channel's active poll; null when none.",
    reads: true,
    run: (polls, broadcasterId) => polls.active(broadcasterId),
  },
  get: {
    params: ['pollId: string'],
    does: 'A poll by ID; null when unknown.',
    reads: true,
    run: (polls, pollId) => polls.get(pollId),
  },
  settle: {
    params: [],
    does: "Ends every poll whose duration has passed on the mock's clock; returns how many.",
    run: (polls) => polls.deadlines.settle(),
  },
};
