// Guest star preferences (reference: Get Channel Guest Star Settings, Update Channel Guest Star
// Settings).
import { HttpError, type MockRequest } from '../http';
import { asModerator, asTokenUser, booleanQuery, noContent, ok, wholeNumber, type RouteRow } from '../helix';
import { randomToken } from '../state';
import { GUEST_STAR_LAYOUTS, HOST_SCOPES, READ_SCOPES, type GuestStarLayout, type GuestStarState } from './guest-star-state';

/** The smallest and largest slot counts. */
const SLOT_COUNT = { min: 1, max: 6 };

/** The fields of `PUT /guest_star/channel_settings` that were passed, validated. */
interface SettingsInput {
  is_moderator_send_live_enabled?: boolean;
  slot_count?: number;
  is_browser_source_audio_enabled?: boolean;
  group_layout?: GuestStarLayout;
  regenerate_browser_sources?: boolean;
}

/** A query value, undefined when absent or empty. */
function queryValue(request: MockRequest, name: string): string | undefined {
  const value = request.query.get(name);
  return value === null || value === '' ? undefined : value;
}

/**
 * Reads the settings update from the JSON body and the query: the platform's table calls the
 * fields a body while its examples send a query, so both are accepted. A field in the body wins
 * over the same field in the query. Wrong types or values are 400s.
 */
function settingsInput(request: MockRequest): SettingsInput {
  const body = request.body;
  if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw new HttpError(400, 'The request body must be a JSON object.');
  }
  const fields = (body ?? {}) as Record<string, unknown>;
  const boolean = (name: string): boolean | undefined => {
    const value = fields[name];
    if (value === undefined || value === null) return booleanQuery(request, name);
    if (typeof value !== 'boolean') throw new HttpError(400, `The field "${name}" must be a boolean.`);
    return value;
  };
  const input: SettingsInput = {};
  const sendLive = boolean('is_moderator_send_live_enabled');
  if (sendLive !== undefined) input.is_moderator_send_live_enabled = sendLive;
  const audio = boolean('is_browser_source_audio_enabled');
  if (audio !== undefined) input.is_browser_source_audio_enabled = audio;
  const regenerate = boolean('regenerate_browser_sources');
  if (regenerate !== undefined) input.regenerate_browser_sources = regenerate;

  const countValue = fields.slot_count ?? queryValue(request, 'slot_count');
  if (countValue !== undefined) {
    input.slot_count = wholeNumber(typeof countValue === 'string' ? Number(countValue) : countValue, 'slot_count', SLOT_COUNT.min, SLOT_COUNT.max);
  }
  const layout = fields.group_layout ?? queryValue(request, 'group_layout');
  if (layout !== undefined) {
    if (typeof layout !== 'string' || !(GUEST_STAR_LAYOUTS as readonly string[]).includes(layout)) {
      throw new HttpError(400, `The parameter "group_layout" must be one of ${GUEST_STAR_LAYOUTS.join(', ')}.`);
    }
    input.group_layout = layout as GuestStarLayout;
  }
  return input;
}

/** The settings routes. */
export const guestStarSettingsRoutes: readonly RouteRow<GuestStarState>[] = [
  {
    method: 'GET',
    path: '/guest_star/channel_settings',
    token: 'user',
    scopes: READ_SCOPES,
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<GuestStarState>(({ broadcasterId }, guestStar) => ok([{ ...guestStar.channelOf(broadcasterId).settings }])),
  },
  {
    method: 'PUT',
    path: '/guest_star/channel_settings',
    token: 'user',
    scopes: HOST_SCOPES,
    query: ['broadcaster_id'],
    handle: asTokenUser<GuestStarState>('broadcaster_id', ({ request, userId: broadcasterId }, guestStar) => {
      const input = settingsInput(request);
      const channel = guestStar.channelOf(broadcasterId);
      // Everything is validated before anything changes, so a 400 leaves the settings as they were.
      const next = { ...channel.settings };
      if (input.is_moderator_send_live_enabled !== undefined) next.is_moderator_send_live_enabled = input.is_moderator_send_live_enabled;
      if (input.slot_count !== undefined) next.slot_count = input.slot_count;
      if (input.is_browser_source_audio_enabled !== undefined) next.is_browser_source_audio_enabled = input.is_browser_source_audio_enabled;
      if (input.group_layout !== undefined) next.group_layout = input.group_layout;
      if (input.regenerate_browser_sources === true) next.browser_source_token = randomToken();
      // In place, so that a record handed out by `mock.guestStar.settings()` stays current.
      Object.assign(channel.settings, next);
      const preferenceChanged =
        input.is_moderator_send_live_enabled !== undefined || input.slot_count !== undefined || input.is_browser_source_audio_enabled !== undefined || input.group_layout !== undefined;
      // The event carries no token, so regenerating alone does not raise it.
      if (preferenceChanged) guestStar.raiseSettingsUpdate(broadcasterId, channel.settings);
      return noContent();
    }),
  },
];
