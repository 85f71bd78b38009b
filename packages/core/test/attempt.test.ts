import { describe, expect, it } from 'vitest';
import { PlatformNetworkError, PlatformTimeoutError } from '../src/index';
import { createVirtualClock } from '../src/testing/index';
import { attempt, type Answer, type Exchange, type PlatformTransport } from '../src/transport';

const exchange: Exchange = { method: 'GET', url: 'https://api.test/helix/x', headers: {}, label: 'GET /x' };
const answer: Answer = { status: 200, statusText: 'OK', headers: new Headers(), text: '{}' };

/** A sender whose answer the test settles by hand, recording cancellations. */
function handSender() {
  const state = { cancelled: 0, settle: (_result: Answer | Error) => {} };
  const send: PlatformTransport = () => ({
    answer: new Promise<Answer>((resolve, reject) => {
      state.settle = (result) => (result instanceof Error ? reject(result) : resolve(result));
    }),
    cancel: () => {
      state.cancelled++;
      state.settle(new Error('cancelled'));
    },
  });
  return { send, state };
}

describe('one attempt', () => {
  it('times out at its timeout on the client clock, cancelling the exchange', async () => {
    const clock = createVirtualClock();
    const { send, state } = handSender();
    const result = attempt(send, clock, exchange, 300, undefined).catch((error: unknown) => error);
    await clock.advance(299);
    expect(state.cancelled).toBe(0);
    await clock.advance(1);
    const error = await result;
    expect(error).toBeInstanceOf(PlatformTimeoutError);
    expect((error as Error).message).toBe('GET /x timed out after 300 ms.');
    expect(state.cancelled).toBe(1);
    expect(clock.pending()).toBe(0);
  });

  it('leaves no timer behind once the answer is read', async () => {
    const clock = createVirtualClock();
    const { send, state } = handSender();
    const result = attempt(send, clock, exchange, 15_000, undefined);
    expect(clock.pending()).toBe(1);
    state.settle(answer);
    await expect(result).resolves.toBe(answer);
    expect(clock.pending()).toBe(0);
    expect(state.cancelled).toBe(0);
  });

  it("names the runtime's words for a failure: the cause's message, else its code, else the error's", async () => {
    const clock = createVirtualClock();
    const failures: Array<[unknown, string]> = [
      [new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') }), 'connect ECONNREFUSED 127.0.0.1:1'],
      [new TypeError('fetch failed', { cause: { code: 'UND_ERR_SOCKET' } }), 'UND_ERR_SOCKET'],
      [new Error('socket hang up'), 'socket hang up'],
      ['a string', 'a string'],
    ];
    for (const [failure, words] of failures) {
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a runtime may reject with anything, not only an Error (the last case)
      const send: PlatformTransport = () => ({ answer: Promise.reject(failure), cancel: () => {} });
      const error = await attempt(send, clock, exchange, 1_000, undefined).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PlatformNetworkError);
      expect((error as Error).message).toBe(`GET /x could not reach the platform: ${words}`);
      expect((error as Error).cause).toBe(failure);
    }
    expect(clock.pending()).toBe(0);
  });

  it('rejects with the reason of a signal that aborts it, cancelling the exchange', async () => {
    const clock = createVirtualClock();
    const { send, state } = handSender();
    const controller = new AbortController();
    const result = attempt(send, clock, exchange, 1_000, controller.signal).catch((error: unknown) => error);
    const reason = new Error('stop');
    controller.abort(reason);
    await expect(result).resolves.toBe(reason);
    expect(state.cancelled).toBe(1);
    expect(clock.pending()).toBe(0);
  });
});
