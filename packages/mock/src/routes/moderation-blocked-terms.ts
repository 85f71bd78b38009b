// Blocked terms (reference: Get Blocked Terms, Add Blocked Term, Remove Blocked Term).
import { asModerator, field, iso, noContent, ok, page, raiseModerate, requireLength, type RouteRow } from '../helix';
import { asString, LIST_PAGE, type BlockedTermRecord, type ModerationState } from './moderation-state';

/** Blocked term length, in characters. */
const TERM_LENGTH = { min: 2, max: 500 };

/** A blocked term as the blocked term routes answer it. */
function termBody(term: BlockedTermRecord): Record<string, unknown> {
  return {
    broadcaster_id: term.broadcaster_id,
    moderator_id: term.moderator_id,
    id: term.id,
    text: term.text,
    created_at: iso(term.created_at),
    updated_at: iso(term.updated_at),
    expires_at: term.expires_at === undefined ? null : iso(term.expires_at),
  };
}

/** Raises `automod.terms.update` and `channel.moderate` for a term added or removed. */
function raiseTerms(moderation: ModerationState, broadcasterId: string, moderatorId: string, action: 'add' | 'remove', text: string): void {
  moderation.raise(
    'automod.terms.update',
    '1',
    { ...moderation.person(broadcasterId, 'broadcaster_user'), ...moderation.person(moderatorId, 'moderator_user'), action: `${action}_blocked`, from_automod: false, terms: [text] },
    broadcasterId,
  );
  raiseModerate(moderation.context, broadcasterId, moderatorId, `${action}_blocked_term`, { key: 'automod_terms', value: { action, list: 'blocked', terms: [text], from_automod: false } });
}

const manage = ['moderator:manage:blocked_terms'];

/** The blocked term routes. */
export const moderationBlockedTermRoutes: readonly RouteRow<ModerationState>[] = [
  {
    method: 'GET',
    path: '/moderation/blocked_terms',
    token: 'either',
    scopes: ['moderator:read:blocked_terms', 'moderator:manage:blocked_terms'],
    query: ['broadcaster_id', 'moderator_id'],
    handle: asModerator<ModerationState>(({ request, broadcasterId }, moderation) => {
      const result = page(request, [...moderation.liveTerms(broadcasterId)].reverse(), LIST_PAGE);
      return ok(result.data.map(termBody), { pagination: result.pagination });
    }),
  },

  {
    method: 'POST',
    path: '/moderation/blocked_terms',
    token: 'either',
    scopes: manage,
    query: ['broadcaster_id', 'moderator_id'],
    body: ['text'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId, context }, moderation) => {
      const text = requireLength(asString(field(request, 'text'), 'text'), 'text', TERM_LENGTH);
      const existing = moderation.liveTerms(broadcasterId).find((term) => term.text.toLowerCase() === text.toLowerCase());
      if (existing) return ok([termBody(existing)]);
      const now = context.now();
      const term: BlockedTermRecord = { id: context.state.id(), broadcaster_id: broadcasterId, moderator_id: moderatorId, text, created_at: now, updated_at: now, expires_at: undefined };
      moderation.termsOf(broadcasterId).push(term);
      raiseTerms(moderation, broadcasterId, moderatorId, 'add', text);
      return ok([termBody(term)]);
    }),
  },

  {
    method: 'DELETE',
    path: '/moderation/blocked_terms',
    token: 'either',
    scopes: manage,
    query: ['broadcaster_id', 'moderator_id', 'id'],
    handle: asModerator<ModerationState>(({ request, broadcasterId, moderatorId }, moderation) => {
      const terms = moderation.termsOf(broadcasterId);
      const index = terms.findIndex((term) => term.id === request.query.get('id'));
      // An unknown ID is not an error on the platform.
      if (index >= 0) {
        const [term] = terms.splice(index, 1);
        raiseTerms(moderation, broadcasterId, moderatorId, 'remove', term!.text);
      }
      return noContent();
    }),
  },
];
