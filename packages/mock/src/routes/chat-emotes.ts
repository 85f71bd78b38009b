// Emotes and badges (reference: Get Channel Emotes, Get Global Emotes, Get Emote Sets, Get User
// Emotes, Get Channel Chat Badges, Get Global Chat Badges).
import type { MockRequest } from '../http';
import { asTokenUser, ok, page, repeated, type RouteRow } from '../helix';
import type { ChatState, EmoteRecord } from './chat-state';

/** An emote as tests describe it to the chat controls; everything but `name` has a default. */
export interface ChatEmoteInput {
  /** Default: a fresh `emotesv2_…` ID. */
  id?: string;
  /** What viewers type to show the emote. */
  name: string;
  /** `globals`, `subscriptions`, `follower`, `bitstier`, `smilies`...; the default depends on where the emote is set. */
  emote_type?: string;
  /** The emote set it belongs to; the default depends on where the emote is set. */
  emote_set_id?: string;
  /** The broadcaster who owns it; the default depends on where the emote is set. */
  owner_id?: string;
  /** Subscriber tier (`1000`, `2000`, `3000`), `""` for the others. */
  tier?: string;
  /** Default `['static']`. */
  format?: string[];
  /** Default `['1.0', '2.0', '3.0']`. */
  scale?: string[];
  /** Default `['light', 'dark']`. */
  theme_mode?: string[];
}

/** A version of a chat badge as tests describe it; the image addresses are made up when left out. */
export interface ChatBadgeVersionInput {
  /** The version's ID. */
  id: string;
  /** The badge's title; the set ID by default. */
  title?: string;
  /** The badge's description; the title by default. */
  description?: string;
  /** What happens when the badge is clicked; null by default. */
  click_action?: string | null;
  /** The address opened on a click; null by default. */
  click_url?: string | null;
  /** The small image; a made-up address by default. */
  image_url_1x?: string;
  /** The medium image; a made-up address by default. */
  image_url_2x?: string;
  /** The large image; a made-up address by default. */
  image_url_4x?: string;
}

/** A chat badge set as tests describe it. */
export interface ChatBadgeSetInput {
  /** The badge's ID (for example `subscriber`). */
  set_id: string;
  /** The badge's versions. */
  versions: ChatBadgeVersionInput[];
}

/** The address pattern of emote images; the `template` field of every emote response. */
const EMOTE_TEMPLATE = 'https://static.example/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}';
/** The server picks the page size of user emotes (no `first` is documented). */
const USER_EMOTES_PAGE = 100;

const emoteImages = (id: string) => ({
  url_1x: `https://static.example/emoticons/v2/${id}/static/light/1.0`,
  url_2x: `https://static.example/emoticons/v2/${id}/static/light/2.0`,
  url_4x: `https://static.example/emoticons/v2/${id}/static/light/3.0`,
});

/** The fields every emote answer carries after its own. */
const emoteTail = (emote: EmoteRecord) => ({ format: emote.format, scale: emote.scale, theme_mode: emote.theme_mode });

/** The emote and badge routes. */
export const chatEmoteRoutes: readonly RouteRow<ChatState>[] = [
  {
    method: 'GET',
    path: '/chat/emotes',
    token: 'either',
    query: ['broadcaster_id'],
    handle: ({ request }, chat) => {
      const emotes = chat.channelEmotes.get(request.query.get('broadcaster_id')!) ?? [];
      const data = emotes.map((emote) => ({
        id: emote.id,
        name: emote.name,
        images: emoteImages(emote.id),
        tier: emote.tier,
        emote_type: emote.emote_type,
        emote_set_id: emote.emote_set_id,
        ...emoteTail(emote),
      }));
      return ok(data, { template: EMOTE_TEMPLATE });
    },
  },
  {
    method: 'GET',
    path: '/chat/emotes/global',
    token: 'either',
    handle: (_call, chat) => ok(chat.globalEmotes.map((emote) => ({ id: emote.id, name: emote.name, images: emoteImages(emote.id), ...emoteTail(emote) })), { template: EMOTE_TEMPLATE }),
  },
  {
    method: 'GET',
    path: '/chat/emotes/set',
    token: 'either',
    query: ['emote_set_id'],
    handle: ({ request }, chat) => {
      const setIds = repeated(request, 'emote_set_id', 25);
      const seen = new Set<string>();
      const all = [...chat.globalEmotes, ...[...chat.channelEmotes.values()].flat(), ...[...chat.userEmotes.values()].flat()];
      // Unknown sets are left out and an emote found in several places is listed once.
      const data = all
        .filter((emote) => setIds.includes(emote.emote_set_id) && !seen.has(emote.id) && seen.add(emote.id))
        .map((emote) => ({
          id: emote.id,
          name: emote.name,
          images: emoteImages(emote.id),
          emote_type: emote.emote_type,
          emote_set_id: emote.emote_set_id,
          owner_id: emote.owner_id,
          ...emoteTail(emote),
        }));
      return ok(data, { template: EMOTE_TEMPLATE });
    },
  },
  {
    method: 'GET',
    path: '/chat/emotes/user',
    token: 'user',
    scopes: ['user:read:emotes'],
    query: ['user_id'],
    handle: asTokenUser<ChatState>('user_id', ({ request, userId }, chat) => {
      const broadcasterId = request.query.get('broadcaster_id');
      const follower = broadcasterId ? (chat.channelEmotes.get(broadcasterId) ?? []).filter((emote) => emote.emote_type === 'follower') : [];
      const seen = new Set<string>();
      const all = [...chat.globalEmotes, ...(chat.userEmotes.get(userId) ?? []), ...follower].filter((emote) => !seen.has(emote.id) && seen.add(emote.id));
      const data = all.map((emote) => ({ id: emote.id, name: emote.name, emote_type: emote.emote_type, emote_set_id: emote.emote_set_id, owner_id: emote.owner_id, ...emoteTail(emote) }));
      // Only `after` pages here: the server picks the size, so a `first` the client sends is ignored.
      const after = request.query.get('after');
      const paging: MockRequest = { ...request, query: new URLSearchParams(after ? { after } : {}) };
      const result = page(paging, data, { defaultFirst: USER_EMOTES_PAGE, maxFirst: USER_EMOTES_PAGE });
      return { status: 200, body: { ...result, template: EMOTE_TEMPLATE } };
    }),
  },
  {
    method: 'GET',
    path: '/chat/badges',
    token: 'either',
    query: ['broadcaster_id'],
    handle: ({ request }, chat) => ok(chat.channelBadges.get(request.query.get('broadcaster_id')!) ?? []),
  },
  {
    method: 'GET',
    path: '/chat/badges/global',
    token: 'either',
    handle: (_call, chat) => ok(chat.globalBadges),
  },
];
