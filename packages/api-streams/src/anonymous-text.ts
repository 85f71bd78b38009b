import type { Authenticator, ClientHandle } from '@platform/core';
import { clientInternals, internalsOf, type ClientCore, type Sender } from '@platform/core/internal';

/** The rate-limit bucket of calls made without a token. */
const bucket = 'anonymous';

/**
 * A view of a client for an endpoint that takes no token and answers with text, not JSON (the
 * schedule's iCalendar, `text/calendar`): its requests go out without Authorization, and a 2xx
 * answer's body reaches the pipeline as a JSON string, so the pipeline's JSON parse hands the
 * operation the text exactly as the platform sent it. Everything else (the transport, timeouts,
 * retries, buckets, events) is the client's own. Core's pipeline has no code for such calls, so
 * bundles without this operation carry none of it.
 */
export function anonymousTextClient(client: ClientHandle): ClientHandle {
  const { core, defaults } = internalsOf(client);
  // A raw credential: nothing to renew after a 401. Its empty token is never sent (below).
  const authenticator: Authenticator = { credential: () => ({ kind: 'raw', accessToken: '', bucket }) };
  const send: Sender = (exchange) => {
    const { Authorization: _none, ...headers } = exchange.headers;
    const sending = core.send({ ...exchange, headers });
    return {
      cancel: () => sending.cancel(),
      answer: sending.answer.then((answer) => (answer.status >= 200 && answer.status < 300 ? { ...answer, text: JSON.stringify(answer.text) } : answer)),
    };
  };
  // A view, not a copy: ClientCore keeps no #private fields, which a derived object would lack.
  const view = Object.create(core, { authenticator: { value: authenticator }, send: { value: send } }) as ClientCore;
  return { [clientInternals]: { core: view, defaults: { ...defaults, as: undefined, token: undefined } } };
}
