// Chat name colors (reference: Get User Chat Color, Update User Chat Color).
import { HttpError } from '../http';
import { asTokenUser, noContent, ok, repeated, userFields, type RouteRow } from '../helix';
import type { ChatState } from './chat-state';

/** The named colors anyone may pick, with the hex code each stands for. */
const NAMED_COLORS: Record<string, string> = {
  blue: '#0000FF',
  blue_violet: '#8A2BE2',
  cadet_blue: '#5F9EA0',
  chocolate: '#D2691E',
  coral: '#FF7F50',
  dodger_blue: '#1E90FF',
  firebrick: '#B22222',
  golden_rod: '#DAA520',
  green: '#008000',
  hot_pink: '#FF69B4',
  orange_red: '#FF4500',
  red: '#FF0000',
  sea_green: '#2E8B57',
  spring_green: '#00FF7F',
  yellow_green: '#9ACD32',
};

/** The color routes. */
export const chatColorRoutes: readonly RouteRow<ChatState>[] = [
  {
    method: 'GET',
    path: '/chat/color',
    token: 'either',
    query: ['user_id'],
    handle: ({ request, context }, chat) => {
      const ids = [...new Set(repeated(request, 'user_id', 100))];
      const data = ids.filter((id) => context.state.user(id)).map((id) => ({ ...userFields(context, id, 'user'), color: chat.colors.get(id) ?? '' }));
      return ok(data);
    },
  },
  {
    method: 'PUT',
    path: '/chat/color',
    token: 'user',
    scopes: ['user:manage:chat_color'],
    query: ['user_id', 'color'],
    handle: asTokenUser<ChatState>('user_id', ({ request, context, userId }, chat) => {
      const color = request.query.get('color')!;
      const named = NAMED_COLORS[color.toLowerCase()];
      if (named) {
        chat.colors.set(userId, named);
        return noContent();
      }
      if (!/^#[0-9a-f]{6}$/i.test(color)) throw new HttpError(400, 'The parameter "color" must be a named color or a hex code such as #9146FF');
      if (!chat.premium.has(userId) && context.state.user(userId)?.broadcaster_type !== 'partner') {
        throw new HttpError(400, 'Hex colors are only available to premium users; pick a named color');
      }
      chat.colors.set(userId, color.toUpperCase());
      return noContent();
    }),
  },
];
