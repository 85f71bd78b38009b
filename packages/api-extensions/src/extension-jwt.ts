import {
  callOperation,
  extensionJwtClient,
  PlatformError,
  type ClientHandle,
  type ExtensionCredentials,
  type ExtensionJwtCallClaims,
  type OperationDeclaration,
  type RequestOptions,
} from '@platform/core';

/**
 * The request options of an operation that takes only an extension JWT: the usual ones, and the
 * extension whose JWT signs the call (required).
 */
export interface ExtensionRequestOptions extends RequestOptions {
  /**
   * The extension whose JWT signs this call (`{ clientId, secret, ownerId }`). The call goes out with
   * `Authorization: Bearer <jwt>` and `Client-Id: <clientId>`, in the rate-limit bucket
   * `extension:<clientId>`; `as` and `token` do not apply to it.
   */
  extension: ExtensionCredentials;
}

/** What a message names a call by: `GET /extensions/jwt/secrets`. */
const callName = (operation: { method: string; path: string }) => `${operation.method} ${operation.path}`;

/**
 * Runs an operation that takes only an extension JWT: on a handle of `client` that signs one JWT
 * for the call (with `claims` added) from the `extension` option, which must be there. `as` and
 * `token` are left out: they would choose an OAuth token, which these endpoints refuse.
 *
 * @throws PlatformError (as a rejection, nothing sent) when the `extension` option is missing or
 * broken; no message holds the secret.
 */
export async function callSigned<P, R>(
  client: ClientHandle,
  operation: OperationDeclaration<P, R>,
  params: P,
  options: ExtensionRequestOptions,
  claims?: ExtensionJwtCallClaims,
): Promise<R> {
  // Read defensively: a JavaScript caller may pass no options, or not an object.
  const extension = (options as Partial<ExtensionRequestOptions> | undefined)?.extension;
  if (extension === undefined) {
    throw new PlatformError(`${callName(operation)} needs the request option extension ({ clientId, secret, ownerId }): the platform takes only a JWT signed with the extension's secret.`);
  }
  const { extension: _extension, as: _as, token: _token, ...rest } = options;
  return callOperation(extensionJwtClient(client, extension, claims), operation, params, rest);
}

/**
 * The options of an operation that takes an OAuth token, refusing the `extension` option: the call
 * would not be signed with it, and one options object shared with the JWT operations passes the
 * type check (the extension's own app token comes from a client made with its client ID).
 *
 * @throws PlatformError when `options` holds `extension`.
 */
export function oauthOptions(operation: { method: string; path: string }, options: RequestOptions | undefined): RequestOptions | undefined {
  // Read through a wider type: RequestOptions has no `extension`, but the object given may.
  const given: (RequestOptions & { extension?: unknown }) | undefined = options;
  if (given?.extension !== undefined) throw new PlatformError(`${callName(operation)} takes no request option extension.`);
  return options;
}

/**
 * Runs an operation that takes an OAuth token, as `callOperation()` does, refusing the `extension`
 * option (as a rejection, nothing sent).
 */
export async function callWithToken<P, R>(client: ClientHandle, operation: OperationDeclaration<P, R>, params: P, options: RequestOptions | undefined): Promise<R> {
  return callOperation(client, operation, params, oauthOptions(operation, options));
}
