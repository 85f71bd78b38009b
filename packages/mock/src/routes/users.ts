import { HttpError, type Router } from '../http';
import { authorize, ok, repeated, type HelixContext } from '../helix';

/** `GET /users`: look users up by `id` and `login` (at most 100 together), or, with no query, the token's own user. */
export function registerUserRoutes(router: Router, context: HelixContext): void {
  router.add('GET', '/users', (request) => {
    const token = authorize(context, request, { token: 'either' });
    const ids = repeated(request, 'id', 100);
    const logins = repeated(request, 'login', 100);
    if (ids.length + logins.length > 100) throw new HttpError(400, 'The sum of the "id" and "login" parameters may not exceed 100');
    if (ids.length === 0 && logins.length === 0) {
      if (token.userId === undefined) throw new HttpError(400, 'Missing required parameter "id" or "login"; an app access token does not name a user');
      const self = context.state.user(token.userId);
      return ok(self ? [withoutEmail(self, token.scopes)] : []);
    }
    const found = [...context.state.users.values()].filter((user) => ids.includes(user.id) || logins.includes(user.login));
    return ok(found.map((user) => withoutEmail(user, user.id === token.userId ? token.scopes : [])));
  });
}

/** `email` is only shown to the user themself, with user:read:email. */
function withoutEmail<T extends { email?: string }>(user: T, scopes: readonly string[]): T {
  if (scopes.includes('user:read:email')) return user;
  const { email: _email, ...rest } = user;
  return rest as T;
}
