/**
 * The read scopes: any of these lets a user token read guest star settings, the session and
 * its invitations.
 */
export const readScopes = ['channel:read:guest_star', 'channel:manage:guest_star', 'moderator:read:guest_star', 'moderator:manage:guest_star'] as const;

/** The manage scopes: any of these lets a user token change invitations and slots. */
export const manageScopes = ['channel:manage:guest_star', 'moderator:manage:guest_star'] as const;

/** Only the broadcaster's own scope changes the settings and starts or ends a session. */
export const hostScopes = ['channel:manage:guest_star'] as const;
