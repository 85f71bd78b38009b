import { createVirtualClock } from '@platform/core/testing';
import { describe, expect, it } from 'vitest';
import { ChatQueue, type ChatLimitEvent } from './chat-queue';

function queue(limit: number, maxQueued: number) {
  const clock = createVirtualClock({ start: 0 });
  const sent: Array<{ text: string; at: number }> = [];
  const events: ChatLimitEvent[] = [];
  const chat = new ChatQueue({
    clock,
    channelId: '1',
    limit: () => limit,
    windowMs: 30_000,
    maxQueued,
    send: async (text) => {
      sent.push({ text, at: clock.now() });
      return { message_id: `m${sent.length}`, is_sent: true, drop_reason: null };
    },
    report: (event) => events.push(event),
  });
  return { clock, sent, events, chat };
}

describe('ChatQueue', () => {
  it('sends up to the limit at once, delays the next ones a window, drops past maxQueued', async () => {
    const { clock, sent, events, chat } = queue(3, 2);
    const answers = Array.from({ length: 6 }, (_, index) => chat.enqueue(`m${index}`));
    await clock.advance(0);
    expect(sent.map((each) => each.text)).toEqual(['m0', 'm1', 'm2']);
    // The drop is reported as the message is given, the delays once the window is found full.
    expect(events).toEqual([
      { action: 'dropped', channelId: '1', text: 'm5', reason: 'The send queue of channel 1 is full (2 messages wait for the chat limit).' },
      { action: 'delayed', channelId: '1', text: 'm3', waitMs: 30_000 },
      { action: 'delayed', channelId: '1', text: 'm4', waitMs: 30_000 },
    ]);
    expect(await answers[5]).toMatchObject({ is_sent: false, drop_reason: { code: 'bot_queue_dropped' } });
    await clock.advance(29_999);
    expect(sent).toHaveLength(3);
    await clock.advance(1);
    expect(sent.map((each) => [each.text, each.at])).toEqual([['m0', 0], ['m1', 0], ['m2', 0], ['m3', 30_000], ['m4', 30_000]]);
    expect(await answers[4]).toMatchObject({ is_sent: true });
  });

  it('stop() drops what waits', async () => {
    const { clock, events, chat } = queue(1, 5);
    void chat.enqueue('a');
    const waiting = chat.enqueue('b');
    await clock.advance(0);
    chat.stop();
    expect(await waiting).toMatchObject({ is_sent: false, drop_reason: { message: 'The bot stopped.' } });
    expect(events.at(-1)).toMatchObject({ action: 'dropped', text: 'b' });
  });
});
