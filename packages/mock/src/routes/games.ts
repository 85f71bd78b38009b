import type { ControlTable } from '../controls';
import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { ok, page, repeated, type HelixContext, type RouteRow } from '../helix';
import type { MockGame } from '../state';

/*
 * The Games group of the reference: Get Top Games and Get Games, over the shared `state.games`.
 * Top games are ordered by viewers: the audience a test gives a game with `mock.games.add()` or
 * `setViewers()`, plus the viewers of the mock's live streams in that category.
 */

const MAX_LOOKUPS = 100;
const TOP_PAGE = { defaultFirst: 20, maxFirst: 100 };

/** What `mock.games.add()` takes: a category, and optionally its audience elsewhere on the platform. */
export type GameInput = Partial<MockGame> & {
  /** The category's name. */
  name: string;
  /** How many viewers watch it outside the mock's own streams; 0 by default. */
  viewers?: number;
};

/** The games controls: what no API call does. */
export interface GamesControl {
  /** Adds a category (as `state.addGame()`), with `viewers` watching it outside the mock's own streams (default 0). */
  add(game: GameInput): MockGame;
  /** Sets how many viewers watch a category outside the mock's own streams. Throws for an unknown game. */
  setViewers(gameId: string, viewers: number): void;
  /** The viewers Get Top Games orders by: the number set plus the viewers of live streams in the category. */
  viewersOf(gameId: string): number;
}

/** What the games group keeps (each category's audience outside the mock's streams) and its controls' logic. */
export class GamesState implements Persisted {
  /** What a snapshot keeps (see persist.ts); the categories themselves are in the shared state. */
  readonly persisted = { as: 'games', fields: ['audience'] } as const;
  /** Viewers watching a category outside the mock's own streams, by game ID. */
  readonly audience = new Map<string, number>();

  constructor(readonly context: HelixContext) {}

  viewersOf(gameId: string): number {
    let viewers = this.audience.get(gameId) ?? 0;
    for (const channel of this.context.state.channels.values()) {
      if (channel.live && channel.stream && channel.info.game_id === gameId) viewers += channel.stream.viewer_count;
    }
    return viewers;
  }

  add({ viewers, ...game }: GameInput): MockGame {
    if (viewers !== undefined) checkViewers(viewers);
    const record = this.context.state.addGame(game);
    this.audience.set(record.id, viewers ?? 0);
    return record;
  }

  setViewers(gameId: string, viewers: number): void {
    if (!this.context.state.games.has(gameId)) throw new Error(`No game ${gameId}.`);
    checkViewers(viewers);
    this.audience.set(gameId, viewers);
  }
}

function checkViewers(viewers: number): void {
  if (!Number.isInteger(viewers) || viewers < 0) throw new Error(`viewers must be a whole number of 0 or more; got ${viewers}.`);
}

/** The games routes: Get Top Games, Get Games. */
export const gamesRoutes: readonly RouteRow<GamesState>[] = [
  {
    method: 'GET',
    path: '/games/top',
    token: 'either',
    handle: ({ request, context }, games) => {
      const ranked = [...context.state.games.values()].map((game) => ({ game, viewers: games.viewersOf(game.id) }));
      // Array.prototype.sort is stable: equal audiences keep the order the games were added in.
      ranked.sort((a, b) => b.viewers - a.viewers);
      const { data, pagination } = page(request, ranked, TOP_PAGE);
      return ok(data.map(({ game }) => ({ ...game })), { pagination });
    },
  },
  {
    method: 'GET',
    path: '/games',
    token: 'either',
    handle: ({ request, context }) => {
      const ids = repeated(request, 'id', MAX_LOOKUPS);
      const names = repeated(request, 'name', MAX_LOOKUPS);
      const igdbIds = repeated(request, 'igdb_id', MAX_LOOKUPS);
      const count = ids.length + names.length + igdbIds.length;
      if (count === 0) throw new HttpError(400, 'Missing required parameter: the request must give "id", "name" or "igdb_id"');
      if (count > MAX_LOOKUPS) throw new HttpError(400, `The "id", "name" and "igdb_id" parameters may be given at most ${MAX_LOOKUPS} times together; got ${count}`);
      // Names must match exactly; duplicates and unknown values are ignored.
      const found = [...context.state.games.values()].filter((game) => ids.includes(game.id) || names.includes(game.name) || (game.igdb_id !== '' && igdbIds.includes(game.igdb_id)));
      return ok(found.map((game) => ({ ...game })));
    },
  },
];

/** The games controls: `mock.games.*` and `/mock/games.*`. */
export const gamesControls: ControlTable<GamesState, GamesControl> = {
  add: {
    params: ['game: GameInput'],
    does: "Adds a category (as `state.addGame()`), with `viewers` watching it outside the mock's own streams (default 0).",
    run: (games, game) => games.add(game),
  },
  setViewers: {
    params: ['gameId: string', 'viewers: number'],
    does: "Sets how many viewers watch a category outside the mock's own streams.",
    run: (games, gameId, viewers) => games.setViewers(gameId, viewers),
  },
  viewersOf: {
    params: ['gameId: string'],
    does: 'The viewers Get Top Games orders by: the number set plus the viewers of live streams in the category.',
    run: (games, gameId) => games.viewersOf(gameId),
  },
};
