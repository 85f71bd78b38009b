// The plumbing types stay out of the front door too (front-door.test.ts checks the runtime names):
// each import below must fail.
import { expectTypeOf, test } from 'vitest';
// @ts-expect-error the core behind a client: @platform/core/internal.
import type { ClientCore } from '@platform/client';
// @ts-expect-error a listener's subscription bookkeeping: @platform/eventsub/internal.
import type { SubscriptionToken } from '@platform/client';
// @ts-expect-error the WebSocket session under the listener: @platform/eventsub-ws/internal.
import type { EventSubSessionOptions } from '@platform/client';
// @ts-expect-error the frames of that session.
import type { EventSubFrame } from '@platform/client';
// @ts-expect-error the authenticator class behind platformAuth(): @platform/auth/internal.
import type { AuthManager } from '@platform/client';
import type { ChatGroup, RequestOptions, SentChatMessage, SendParams } from '@platform/client';

test('the bound operations keep their parameter and result types', () => {
  expectTypeOf<ChatGroup['send']>().parameters.toEqualTypeOf<[params: SendParams, options?: RequestOptions]>();
  expectTypeOf<ChatGroup['send']>().returns.toEqualTypeOf<Promise<SentChatMessage>>();
  // Uses the names imported above, which are checked whether used or not.
  expectTypeOf<[ClientCore, SubscriptionToken, EventSubSessionOptions, EventSubFrame, AuthManager]>().not.toBeNever();
});
