import { HttpError, type Router } from '../http';
import { ok, page, registerRoutes, repeated, route, type HelixContext } from '../helix';
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

/** Registers Get Top Games and Get Games; returns the games controls. */
export function registerGameRoutes(router: Router, context: HelixContext): GamesControl {
  const { state } = context;
  const audience = new Map<string, number>();

  function viewersOf(gameId: string): number {
    let viewers = audience.get(gameId) ?? 0;
    for (const channel of state.channels.values()) {
      if (channel.live && channel.stream && channel.info.game_id === gameId) viewers += channel.stream.viewer_count;
    }
    return viewers;
  }

  registerRoutes(router, context, [
    route({
      method: 'GET',
      path: '/games/top',
      token: 'either',
      handle({ request }) {
        const ranked = [...state.games.values()].map((game) => ({ game, viewers: viewersOf(game.id) }));
        // Array.prototype.sort is stable: equal audiences keep the order the games were added in.
        ranked.sort((a, b) => b.viewers - a.viewers);
        const { data, pagination } = page(request, ranked, TOP_PAGE);
        return ok(data.map(({ game }) => ({ ...game })), { pagination });
      },
    }),
    route({
      method: 'GET',
      path: '/games',
      token: 'either',
      handle({ request }) {
        const ids = repeated(request, 'id', MAX_LOOKUPS);
        const names = repeated(request, 'name', MAX_LOOKUPS);
        const igdbIds = repeated(request, 'igdb_id', MAX_LOOKUPS);
        const count = ids.length + names.length + igdbIds.length;
        if (count === 0) throw new HttpError(400, 'Missing required parameter: the request must give "id", "name" or "igdb_id"');
        if (count > MAX_LOOKUPS) throw new HttpError(400, `The "id", "name" and "igdb_id" parameters may be given at most ${MAX_LOOKUPS} times together; got ${count}`);
        // Names must match exactly; duplicates and unknown values are ignored.
        const found = [...state.games.values()].filter((game) => ids.includes(game.id) || names.includes(game.name) || (game.igdb_id !== '' && igdbIds.includes(game.igdb_id)));
        return ok(found.map((game) => ({ ...game })));
      },
    }),
  ]);

  function checkViewers(viewers: number): void {
    if (!Number.isInteger(viewers) || viewers < 0) throw new Error(`viewers must be a whole number of 0 or more; got ${viewers}.`);
  }

  return {
    add({ viewers, ...game }) {
      if (viewers !== undefined) checkViewers(viewers);
      const record = state.addGame(game);
      audience.set(record.id, viewers ?? 0);
      return record;
    },
    setViewers(gameId, viewers) {
      if (!state.games.has(gameId)) throw new Error(`No game ${gameId}.`);
      checkViewers(viewers);
      audience.set(gameId, viewers);
    },
    viewersOf,
  };
}
