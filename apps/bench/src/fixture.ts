/** What the bench server serves, shared by the server process and the bench. */

/** Chatters the server holds in all. */
export const TOTAL_CHATTERS = 20_000;
/** The largest page the server (like the platform) answers. */
export const MAX_PAGE = 1_000;
/** The user the bench's token belongs to; also the broadcaster and moderator of the chatters calls. */
export const USER_ID = '1';
export const CLIENT_ID = 'bench';
export const TOKEN = 'benchtoken';
export const SCOPES = ['moderator:read:chatters'];

/** Messages the server process sends to its parent. */
export type ServerMessage = { type: 'listening'; port: number } | { type: 'stats'; counts: Record<string, number> };
/** Messages the parent sends to the server process. */
export type ParentMessage = { type: 'stats' } | { type: 'reset' };
