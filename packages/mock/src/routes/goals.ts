import type { ControlTable } from '../controls';
import type { Persisted } from '../persist';
import { asTokenUser, iso, ok, userFields, type HelixContext, type RouteRow } from '../helix';

/*
 * The goals group (Get Creator Goals), written from the platform's reference, and the goals
 * themselves: the broadcaster sets them up in the platform's dashboard (no API call does), so they
 * begin and end through `mock.goals` (`channel.goal.begin` / `.end`). They move as the channel
 * does: a follower goal counts the channel's followers (`channel.followers`, a follow raises
 * `channel.goal.progress`), subscription goals move with `mock.subscriptions`, Bits and cheerer
 * goals with `mock.bits.cheer()`; `mock.goals.progress()` sets any other amount.
 */

/**
 * A goal's type, as Get Creator Goals writes it. Events write `follower` as `follow`; `new_bit` and
 * `new_cheerer` are the event reference's types of Bits goals.
 */
export type GoalType = 'follower' | 'subscription' | 'subscription_count' | 'new_subscription' | 'new_subscription_count' | 'new_bit' | 'new_cheerer';

/** A creator goal as the mock keeps it. */
export interface GoalRecord {
  /** The goal's ID. */
  id: string;
  /** The channel that set the goal. */
  broadcaster_id: string;
  /** What the goal counts. */
  type: GoalType;
  /** The goal's description; may be empty. */
  description: string;
  /** For a follower goal, the channel's followers when it was read. */
  current_amount: number;
  /** The amount to reach. */
  target_amount: number;
  /** Epoch ms. */
  created_at: number;
  /** Epoch ms; undefined while the goal is active. */
  ended_at?: number;
  /** Set when the goal ended. */
  is_achieved?: boolean;
}

/** What `mock.goals.begin()` takes. */
export interface GoalInput {
  /** What the goal counts. */
  type: GoalType;
  /** A whole number from 1. */
  target_amount: number;
  /** At most 40 characters; default empty. */
  description?: string;
  /** The starting amount (default 0); a follower goal always counts the channel's followers. */
  current_amount?: number;
}

/** What tests can do with creator goals that no API call does. */
export interface GoalsControl {
  /** The broadcaster begins a goal: Get Creator Goals lists it and `channel.goal.begin` is raised. */
  begin(broadcasterId: string, input: GoalInput): Readonly<GoalRecord>;
  /**
   * Sets a goal's current amount (forward or backward) and raises `channel.goal.progress`. Throws
   * for a follower goal, which counts the channel's followers, and for an ended goal.
   */
  progress(goalId: string, currentAmount: number): Readonly<GoalRecord>;
  /**
   * Ends a goal: it leaves Get Creator Goals and `channel.goal.end` is raised, with `is_achieved`
   * (default: whether the current amount reached the target).
   */
  end(goalId: string, options?: { is_achieved?: boolean }): Readonly<GoalRecord>;
  /** A goal by ID (ended ones too); undefined when unknown. */
  get(goalId: string): Readonly<GoalRecord> | undefined;
}

const GOAL_TYPES: readonly GoalType[] = ['follower', 'subscription', 'subscription_count', 'new_subscription', 'new_subscription_count', 'new_bit', 'new_cheerer'];
const MAX_DESCRIPTION = 40;
/** The points a subscription of each tier is worth. */
export const TIER_POINTS: Readonly<Record<string, number>> = { '1000': 1, '2000': 2, '3000': 6 };

/** What the goals group keeps (every channel's goals), how the channel's activity moves them, and its controls' logic. */
export class GoalsState implements Persisted {
  /** What a snapshot keeps (see persist.ts); nothing runs on the clock. */
  readonly persisted = { as: 'goals', fields: ['goals', 'cheerers'] } as const;
  readonly goals = new Map<string, GoalRecord>();
  /** The users who cheered since a `new_cheerer` goal began, by goal ID: a second cheer of one of them does not move the goal. */
  readonly cheerers = new Map<string, Set<string>>();

  constructor(readonly context: HelixContext) {
    // A follow made anywhere (the users-side controls raise `channel.follow`) moves follower goals.
    context.events.on((raised) => {
      if (raised.type === 'channel.follow' && raised.condition.broadcaster_user_id !== undefined) this.followed(raised.condition.broadcaster_user_id);
    });
  }

  active(broadcasterId: string): GoalRecord[] {
    return [...this.goals.values()].filter((goal) => goal.broadcaster_id === broadcasterId && goal.ended_at === undefined).map((goal) => this.#read(goal));
  }

  /** A goal with a follower goal's amount read from the channel. */
  #read(goal: GoalRecord): GoalRecord {
    if (goal.type === 'follower' && goal.ended_at === undefined) goal.current_amount = this.context.state.channel(goal.broadcaster_id).followers.size;
    return goal;
  }

  raise(kind: 'begin' | 'progress' | 'end', goal: GoalRecord): void {
    const event: Record<string, unknown> = {
      id: goal.id,
      ...userFields(this.context, goal.broadcaster_id, 'broadcaster_user'),
      type: goal.type === 'follower' ? 'follow' : goal.type,
      description: goal.description,
    };
    if (kind === 'end') event.is_achieved = goal.is_achieved;
    Object.assign(event, { current_amount: goal.current_amount, target_amount: goal.target_amount, started_at: iso(goal.created_at) });
    if (kind === 'end') event.ended_at = iso(goal.ended_at!);
    this.context.events.raise({ type: `channel.goal.${kind}`, version: '1', event, condition: { broadcaster_user_id: goal.broadcaster_id } });
  }

  /** Moves the channel's goals of the given types by `by` each (a goal gets `channel.goal.progress` when it moved). */
  #move(broadcasterId: string, by: Partial<Record<GoalType, number>>): void {
    for (const goal of this.active(broadcasterId)) {
      const step = by[goal.type];
      if (!step) continue;
      goal.current_amount += step;
      this.raise('progress', goal);
    }
  }

  /** A new subscription: every subscription goal moves. */
  subscribed(broadcasterId: string, tier: string): void {
    const points = TIER_POINTS[tier] ?? 1;
    this.#move(broadcasterId, { subscription: points, subscription_count: 1, new_subscription: points, new_subscription_count: 1 });
  }

  /** A subscription ended: the net goals move back. */
  unsubscribed(broadcasterId: string, tier: string): void {
    this.#move(broadcasterId, { subscription: -(TIER_POINTS[tier] ?? 1), subscription_count: -1 });
  }

  /** A cheer: Bits goals move by the Bits, cheerer goals by one for a user new since the goal began. */
  cheered(broadcasterId: string, userId: string | undefined, bits: number): void {
    for (const goal of this.active(broadcasterId)) {
      if (goal.type === 'new_bit') {
        goal.current_amount += bits;
        this.raise('progress', goal);
      } else if (goal.type === 'new_cheerer' && userId !== undefined) {
        const seen = this.cheerers.get(goal.id) ?? new Set<string>();
        this.cheerers.set(goal.id, seen);
        if (seen.has(userId)) continue;
        seen.add(userId);
        goal.current_amount += 1;
        this.raise('progress', goal);
      }
    }
  }

  /** A follow: follower goals count the followers again. */
  followed(broadcasterId: string): void {
    for (const goal of this.active(broadcasterId)) if (goal.type === 'follower') this.raise('progress', goal);
  }

  /** The goal of an ID, which must not have ended. */
  #activeGoal(goalId: string): GoalRecord {
    const goal = this.goals.get(goalId);
    if (!goal) throw new Error(`No goal ${goalId}.`);
    if (goal.ended_at !== undefined) throw new Error(`The goal ${goalId} has ended.`);
    return goal;
  }

  begin(broadcasterId: string, input: GoalInput): GoalRecord {
    if (!this.context.state.user(broadcasterId)) throw new Error(`No user ${broadcasterId}: add the user with mock.addUser() first.`);
    if (!GOAL_TYPES.includes(input.type)) throw new Error(`type must be one of ${GOAL_TYPES.join(', ')}, not ${String(input.type)}.`);
    if (!Number.isInteger(input.target_amount) || input.target_amount < 1) throw new Error(`target_amount must be a whole number of 1 or more, not ${input.target_amount}.`);
    const description = input.description ?? '';
    if ([...description].length > MAX_DESCRIPTION) throw new Error(`description may be at most ${MAX_DESCRIPTION} characters.`);
    const current = input.current_amount ?? 0;
    if (!Number.isInteger(current)) throw new Error(`current_amount must be a whole number, not ${current}.`);
    const goal: GoalRecord = { id: this.context.state.id(), broadcaster_id: broadcasterId, type: input.type, description, current_amount: current, target_amount: input.target_amount, created_at: this.context.now() };
    this.goals.set(goal.id, goal);
    this.active(broadcasterId);
    this.raise('begin', goal);
    return structuredClone(goal);
  }

  progress(goalId: string, currentAmount: number): GoalRecord {
    const goal = this.#activeGoal(goalId);
    if (goal.type === 'follower') throw new Error(`The goal ${goalId} counts the channel's followers: use mock.channels.follow() to move it.`);
    if (!Number.isInteger(currentAmount)) throw new Error(`The current amount must be a whole number, not ${currentAmount}.`);
    goal.current_amount = currentAmount;
    this.raise('progress', goal);
    return structuredClone(goal);
  }

  end(goalId: string, options: { is_achieved?: boolean } = {}): GoalRecord {
    const goal = this.#activeGoal(goalId);
    this.active(goal.broadcaster_id);
    goal.ended_at = this.context.now();
    goal.is_achieved = options.is_achieved ?? goal.current_amount >= goal.target_amount;
    this.raise('end', goal);
    return structuredClone(goal);
  }

  get(goalId: string): GoalRecord | undefined {
    const goal = this.goals.get(goalId);
    if (goal) this.active(goal.broadcaster_id);
    return goal && structuredClone(goal);
  }
}

/** The goals route: Get Creator Goals. */
export const goalsRoutes: readonly RouteRow<GoalsState>[] = [
  {
    method: 'GET',
    path: '/goals',
    token: 'user',
    scopes: ['channel:read:goals'],
    query: ['broadcaster_id'],
    handle: asTokenUser<GoalsState>('broadcaster_id', ({ userId, context }, goals) =>
      ok(
        goals.active(userId).map((goal) => ({
          id: goal.id,
          ...userFields(context, goal.broadcaster_id, 'broadcaster'),
          type: goal.type,
          description: goal.description,
          current_amount: goal.current_amount,
          target_amount: goal.target_amount,
          created_at: iso(goal.created_at),
        })),
      ),
    ),
  },
];

/** The goals controls: `mock.goals.*` and `/mock/goals.*`. */
export const goalsControls: ControlTable<GoalsState, GoalsControl> = {
  begin: {
    params: ['broadcasterId: string', 'input: GoalInput'],
    does: 'The broadcaster begins a goal: Get Creator Goals lists it and `channel.goal.begin` is raised.',
    run: (goals, broadcasterId, input) => goals.begin(broadcasterId, input),
  },
  progress: {
    params: ['goalId: string', 'currentAmount: number'],
    does: "Sets a goal's current amount (forward or backward) and raises `channel.goal.progress`.",
    run: (goals, goalId, currentAmount) => goals.progress(goalId, currentAmount),
  },
  end: {
    params: ['goalId: string', 'options?: { is_achieved?: boolean }'],
    does: 'Ends a goal: it leaves Get Creator Goals and `channel.goal.end` is raised, with `is_achieved` (default: whether the current amount reached the target).',
    run: (goals, goalId, options) => goals.end(goalId, options),
  },
  get: {
    params: ['goalId: string'],
    does: 'A goal by ID (ended ones too); undefined when unknown.',
    run: (goals, goalId) => goals.get(goalId),
  },
};
