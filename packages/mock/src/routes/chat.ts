import type { Router } from '../http';
import type { HelixContext } from '../helix';

/** The chat routes (written from shared/reference/helix.md). */
/** What tests can do in the chat group that no API call does. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ChatControl {}

export function registerChatRoutes(_router: Router, _context: HelixContext): ChatControl {
  // Filled in by the chat routes work.
  return {};
}
