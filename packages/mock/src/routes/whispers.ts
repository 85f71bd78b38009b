import { HttpError } from '../http';
import type { Persisted } from '../persist';
import { noContent, requireTokenUser, userFields, type HelixContext, type RouteRow } from '../helix';

/*
 * The Whispers group of the reference: Send Whisper, which raises `user.whisper.message` for the
 * recipient. A verified phone number is not modelled. The sender's limits are: 40 unique
 * recipients a day, 3 whispers a second and 100 a minute.
 */

/** Longest whisper to someone who has never whispered the sender; longer ones are cut. */
const FIRST_CONTACT_LENGTH = 500;
/** Longest whisper to someone who has whispered the sender before. */
const REPLY_LENGTH = 10_000;
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const DAY = 24 * 60 * MINUTE;
const PER_SECOND = 3;
const PER_MINUTE = 100;
const RECIPIENTS_PER_DAY = 40;

/** What the whisper route needs from the users routes. */
export interface WhisperDependencies {
  /** Whether `userId` has blocked `targetId`. */
  hasBlocked(userId: string, targetId: string): boolean;
}

/** What the whispers group keeps: who has whispered whom, and each sender's recent whispers. */
export class WhispersState implements Persisted {
  /** What a snapshot keeps (see persist.ts). */
  readonly persisted = { as: 'whispers', fields: ['contacts', 'sent'] } as const;
  /** Who has whispered whom: sender ID to the recipients' IDs. */
  readonly contacts = new Map<string, Set<string>>();
  /** Each sender's whispers of the last day, oldest first. */
  readonly sent = new Map<string, { to: string; at: number }[]>();

  /** `users`: the users group, which knows who has blocked whom. */
  constructor(
    readonly context: HelixContext,
    readonly users: WhisperDependencies,
  ) {}
}

/** The whispers routes: Send Whisper. */
export const whispersRoutes: readonly RouteRow<WhispersState>[] = [
  {
    method: 'POST',
    path: '/whispers',
    token: 'user',
    scopes: ['user:manage:whispers'],
    query: ['from_user_id', 'to_user_id'],
    body: ['message'],
    handle: ({ request, token, context }, whispers) => {
      const { contacts, sent } = whispers;
      const fromId = request.query.get('from_user_id')!;
      const toId = request.query.get('to_user_id')!;
      requireTokenUser(token, fromId, 'from_user_id');
      if (fromId === toId) throw new HttpError(400, 'The IDs in from_user_id and to_user_id must be different: a user cannot whisper themselves');
      const message = (request.body as { message: unknown }).message;
      if (typeof message !== 'string') throw new HttpError(400, 'The field "message" must be a string');
      if (message.trim() === '') throw new HttpError(400, 'The field "message" must not contain an empty string');
      if (!context.state.user(toId)) throw new HttpError(404, `The ID in to_user_id was not found: ${toId}`);

      const now = context.now();
      const history = (sent.get(fromId) ?? []).filter((entry) => now - entry.at < DAY);
      sent.set(fromId, history);
      if (history.filter((entry) => now - entry.at < SECOND).length >= PER_SECOND) throw new HttpError(429, `A user may send at most ${PER_SECOND} whispers a second`);
      if (history.filter((entry) => now - entry.at < MINUTE).length >= PER_MINUTE) throw new HttpError(429, `A user may send at most ${PER_MINUTE} whispers a minute`);
      const recipients = new Set(history.map((entry) => entry.to));
      if (!recipients.has(toId) && recipients.size >= RECIPIENTS_PER_DAY) throw new HttpError(429, `A user may whisper at most ${RECIPIENTS_PER_DAY} different users a day`);
      history.push({ to: toId, at: now });

      // A recipient who blocked the sender never gets it; the platform still answers 204.
      if (whispers.users.hasBlocked(toId, fromId)) return noContent();
      // Too long is not an error: the platform cuts the message at the limit.
      const limit = contacts.get(toId)?.has(fromId) ? REPLY_LENGTH : FIRST_CONTACT_LENGTH;
      const text = [...message].slice(0, limit).join('');
      let whispered = contacts.get(fromId);
      if (!whispered) contacts.set(fromId, (whispered = new Set()));
      whispered.add(toId);
      context.events.raise({
        type: 'user.whisper.message',
        version: '1',
        event: { ...userFields(context, fromId, 'from_user'), ...userFields(context, toId, 'to_user'), whisper_id: context.state.id(), whisper: { text } },
        condition: { user_id: toId },
      });
      return noContent();
    },
  },
];
