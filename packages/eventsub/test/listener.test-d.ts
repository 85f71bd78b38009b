import { describe, expectTypeOf, it } from 'vitest';
import type { EventSubHandle, EventSubIterable, EventSubListener } from '../src/index';
import type { AutomodMessageHoldEvent, AutomodMessageHoldV1Event, ChannelChatMessageEvent, DropEntitlementGrantEvent } from '../src/types/index';

declare const listener: EventSubListener;

describe('listener.on() and subscribe() types', () => {
  it('requires the condition of the type and gives its event', () => {
    const handle = listener.on('channel.chat.message', { broadcaster_user_id: '1', user_id: '2' }, (event) => {
      expectTypeOf(event).toEqualTypeOf<ChannelChatMessageEvent>();
      expectTypeOf(event.message.text).toEqualTypeOf<string>();
      expectTypeOf(event.chatter_user_login).toEqualTypeOf<string>();
    });
    expectTypeOf(handle).toEqualTypeOf<EventSubHandle>();
    expectTypeOf(handle.ready).toEqualTypeOf<Promise<void>>();
    // @ts-expect-error user_id is required for channel.chat.message
    listener.on('channel.chat.message', { broadcaster_user_id: '1' }, () => undefined);
    // @ts-expect-error broadcaster_user_id is required
    listener.on('channel.chat.message', { user_id: '2' }, () => undefined);
    // @ts-expect-error the condition takes strings
    listener.on('channel.chat.message', { broadcaster_user_id: 1, user_id: '2' }, () => undefined);
  });

  it('gives the older payload for name@version', () => {
    listener.on('automod.message.hold@1', { broadcaster_user_id: '1', moderator_user_id: '2' }, (event) => {
      expectTypeOf(event).toEqualTypeOf<AutomodMessageHoldV1Event>();
      // @ts-expect-error version 1 has no reason
      void event.reason;
    });
    listener.on('automod.message.hold', { broadcaster_user_id: '1', moderator_user_id: '2' }, (event) => {
      expectTypeOf(event).toEqualTypeOf<AutomodMessageHoldEvent>();
      expectTypeOf(event).toHaveProperty('reason');
    });
    listener.on('automod.message.hold@2', { broadcaster_user_id: '1', moderator_user_id: '2' }, (event) => {
      expectTypeOf(event).toEqualTypeOf<AutomodMessageHoldEvent>();
    });
  });

  it('refuses an unknown plain name and leaves an unknown name@version untyped', () => {
    // @ts-expect-error an unknown plain name is a type error
    listener.on('channel.nosuch', { broadcaster_user_id: '1' }, () => undefined);
    listener.on('channel.nosuch@3', { anything: 'goes' }, (event) => {
      expectTypeOf(event).toEqualTypeOf<unknown>();
    });
  });

  it('types a batched event as the array delivered, and subscribe() as an async iterable of events', () => {
    listener.on('drop.entitlement.grant', { organization_id: 'o' }, (events) => {
      expectTypeOf(events).toEqualTypeOf<DropEntitlementGrantEvent>();
    });
    const iterable = listener.subscribe('channel.chat.message', { broadcaster_user_id: '1', user_id: '2' });
    expectTypeOf(iterable).toEqualTypeOf<EventSubIterable<ChannelChatMessageEvent>>();
    expectTypeOf(iterable).toExtend<AsyncIterable<ChannelChatMessageEvent>>();
    // @ts-expect-error subscribe() checks the condition too
    listener.subscribe('channel.follow', { broadcaster_user_id: '1' });
  });
});
