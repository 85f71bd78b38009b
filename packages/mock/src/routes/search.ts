import { HttpError } from '../http';
import { booleanQuery, iso, ok, page, type RouteRow } from '../helix';
import type { MockUser } from '../state';

/*
 * The Search group of the reference: Search Categories over `state.games`, Search Channels over
 * the users' channels (their shared `info`, and `live` / `stream` as the streams routes leave them).
 * The mock does not model "streamed within the past 6 months": every user's channel can be found.
 */

const SEARCH_PAGE = { defaultFirst: 20, maxFirst: 100 };
/** The size Search Categories puts into a box art template. */
const BOX_ART_SIZE = '52x72';

/** The search routes: Search Categories, Search Channels (no state of their own). */
export const searchRoutes: readonly RouteRow[] = [
  {
    method: 'GET',
    path: '/search/categories',
    token: 'either',
    query: ['query'],
    handle: ({ request, context: { state } }) => {
      // A category matches when its name holds every word of the query, in any case and order.
      const words = searchText(request.query.get('query')!).split(/\s+/);
      const found = [...state.games.values()].filter((game) => words.every((word) => game.name.toLowerCase().includes(word)));
      const { data, pagination } = page(request, found, SEARCH_PAGE);
      return ok(
        data.map((game) => ({ box_art_url: game.box_art_url.replace('{width}x{height}', BOX_ART_SIZE), name: game.name, id: game.id })),
        { pagination },
      );
    },
  },
  {
    method: 'GET',
    path: '/search/channels',
    token: 'either',
    query: ['query'],
    handle: ({ request, context: { state } }) => {
      const query = searchText(request.query.get('query')!);
      const liveOnly = booleanQuery(request, 'live_only') ?? false;
      // The beginning of a name must match; a phrase matches its words run together or joined by "_".
      const prefixes = [...new Set([query, query.replace(/\s+/g, ''), query.replace(/\s+/g, '_')])];
      const startsWithQuery = (text: string) => prefixes.some((prefix) => text.toLowerCase().startsWith(prefix));
      const live = (user: MockUser) => state.channels.get(user.id)?.live ?? false;
      const found = [...state.users.values()].filter((user) => {
        if (!liveOnly) return startsWithQuery(user.login);
        // Live only: the broadcaster's name or the category's name.
        return live(user) && (startsWithQuery(user.login) || startsWithQuery(user.display_name) || startsWithQuery(state.channel(user.id).info.game_name));
      });
      // An exact login first, then live channels, then the rest by login.
      const rank = (user: MockUser) => (user.login === query ? 0 : live(user) ? 1 : 2);
      found.sort((a, b) => rank(a) - rank(b) || a.login.localeCompare(b.login));
      const { data, pagination } = page(request, found, SEARCH_PAGE);
      return ok(
        data.map((user) => {
          const channel = state.channel(user.id);
          const isLive = channel.live;
          return {
            broadcaster_language: channel.info.broadcaster_language,
            broadcaster_login: user.login,
            display_name: user.display_name,
            game_id: channel.info.game_id,
            game_name: channel.info.game_name,
            id: user.id,
            is_live: isLive,
            // Deprecated by the platform: always empty.
            tag_ids: [],
            tags: [...channel.info.tags],
            thumbnail_url: user.profile_image_url,
            title: channel.info.title,
            started_at: isLive && channel.stream ? iso(channel.stream.started_at) : '',
          };
        }),
        { pagination },
      );
    },
  },
];

/** The query, trimmed and in lower case; one of spaces only is missing (400). */
function searchText(query: string): string {
  const text = query.trim().toLowerCase();
  if (text === '') throw new HttpError(400, 'Missing required parameter "query"');
  return text;
}
