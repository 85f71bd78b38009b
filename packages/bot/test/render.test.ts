/**
 * renderMessage() end to end: messages the mock raises (a viewer's `mock.chat.userSays()`, with the
 * emotes and mentions the mock makes fragments of; a cheer's message raised as the platform sends
 * it), received by the bot over EventSub, rendered to text and to HTML with the image addresses the
 * platform's answers give (Get Global Emotes' template, Get Cheermotes' images).
 */
import type { ChatMessageFragment } from '@platform/client';
import { afterEach, describe, expect, it } from 'vitest';
import { emoteTemplate, renderMessage, type CommandContext } from '../src/index';
import { chatMessageEvent, until, world, type World } from './helpers';

let current: World | undefined;
afterEach(async () => {
  await current?.close();
  current = undefined;
});

/** A bot with `!quote`, which keeps the messages it is given. */
async function quoting(): Promise<{ w: World; quoted: Array<CommandContext['message']> }> {
  const w = (current = await world());
  const quoted: Array<CommandContext['message']> = [];
  const bot = w.bot();
  bot.command('quote', (ctx) => {
    quoted.push(ctx.message);
  });
  await bot.start();
  return { w, quoted };
}

/** The tags the renderer writes, with their attributes: `<img ...>`, `<a ...>`, `<span ...>` and their ends. */
const rendererTag = /<(img|a|span)( [a-z-]+="[^"]*")*>|<\/(a|span)>/g;

/** The text a page shows for an HTML string of the renderer: an image's alt, the rest decoded. */
function shown(html: string): string {
  return html
    .replace(rendererTag, (tag) => /^<img /.test(tag) ? (/ alt="([^"]*)"/.exec(tag)?.[1] ?? '') : '')
    .replace(/&(amp|lt|gt|quot|#39|#96);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#96': '`' })[name]!);
}

/** Asserts that nothing in `html` but the renderer's own tags is markup: no raw `< > " ' \``, and every `&` starts an entity. */
function expectOnlyRendererMarkup(html: string): void {
  const text = html.replace(rendererTag, '');
  expect(text).not.toMatch(/[<>"'`]/);
  expect(text.replace(/&(amp|lt|gt|quot|#39|#96);/g, '')).not.toContain('&');
  for (const [, name, value] of html.matchAll(/ ([a-z-]+)="([^"]*)"/g)) {
    expect(value, `the attribute ${name}`).not.toMatch(/[<>'`]/);
    if (name === 'src' || name === 'href') expect(value).toMatch(/^https:\/\//);
  }
}

describe('renderMessage() on messages the mock raises', () => {
  it('a viewer\'s message with emotes and a mention: text as typed; HTML with the template\'s images and every typed character escaped', async () => {
    const { w, quoted } = await quoting();
    w.mock.chat.setChannelEmotes(w.streamer.id, [{ name: 'pixelfHype', format: ['static', 'animated'] }]);
    const { template, data: globals } = await w.client.chat.globalEmotes();
    const [hype] = (await w.client.chat.channelEmotes({ broadcaster_id: w.streamer.id })).data;
    const smile = globals.find((emote) => emote.name === 'SmileWide')!;
    const typed = `!quote <script>alert("x")</script> & 'single' \`tick\` javascript:alert(1) pixelfHype @viewer2 SmileWide <img src=x onerror=alert(1)> &lt;`;
    w.mock.chat.userSays(w.streamer.id, w.viewer.id, typed);
    await until(() => quoted.length === 1, 5_000, 'the message');
    const message = quoted[0]!;
    expect(message.fragments.map((fragment) => fragment.type)).toEqual(['text', 'emote', 'text', 'mention', 'text', 'emote', 'text']);

    // Plain text: the message as typed.
    expect(renderMessage(message)).toBe(typed);

    const html = renderMessage(message, { as: 'html', template, scale: '2.0', mentionUrl: (mention) => `https://example.tv/${mention.user_login}` });
    const image = (id: string, format: string, name: string) =>
      `<img class="emote" src="${template.replace('{{id}}', id).replace('{{format}}', format).replace('{{theme_mode}}', 'dark').replace('{{scale}}', '2.0')}" alt="${name}" title="${name}">`;
    expect(html).toBe(
      '!quote &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;single&#39; &#96;tick&#96; javascript:alert(1) ' +
        image(hype!.id, 'animated', 'pixelfHype') +
        ` <a class="mention" href="https://example.tv/viewer2" data-user-id="${w.viewer2.id}">@viewer2</a> ` +
        image(smile.id, 'static', 'SmileWide') +
        ' &lt;img src=x onerror=alert(1)&gt; &amp;lt;',
    );
    // The template is the platform's answer, filled in: the mock's images, animated where the emote has it.
    expect(html).toContain(`src="https://static.example/emoticons/v2/${hype!.id}/animated/dark/2.0"`);
    expect(html).toContain(`src="https://static.example/emoticons/v2/${smile.id}/static/dark/2.0"`);
    // Only the renderer's tags; what the page shows is what the viewer typed.
    expect([...html.matchAll(/<([a-z]+)/g)].map((match) => match[1])).toEqual(['img', 'a', 'img']);
    expectOnlyRendererMarkup(html);
    expect(shown(html)).toBe(typed);
    // `javascript:` typed in chat stays text: no attribute holds it.
    expect([...html.matchAll(/="([^"]*)"/g)].map((match) => match[1]).filter((value) => value!.includes('javascript'))).toEqual([]);

    // Without a template, the platform's own; the theme, the scale and static images asked for.
    expect(emoteTemplate).toBe('https://static-cdn.jtvnw.net/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}');
    const light = renderMessage(message, { as: 'html', theme: 'light', scale: '3.0', animated: false });
    expect(light).toContain(`src="https://static-cdn.jtvnw.net/emoticons/v2/${hype!.id}/static/light/3.0"`);
    expect(light).toContain(`<span class="mention" data-user-id="${w.viewer2.id}">@viewer2</span>`);
    expectOnlyRendererMarkup(light);
    expect(shown(light)).toBe(typed);
  });

  it('a cheer, raised as the platform sends it, with the Cheermote images of Get Cheermotes; fragments that carry markup are escaped in attributes too', async () => {
    const { w, quoted } = await quoting();
    const cheermotes = await w.client.bits.cheermotes({ broadcaster_id: w.streamer.id });
    const cheermoteUrl = (cheer: { prefix: string; tier: number }) =>
      cheermotes.find((each) => each.prefix.toLowerCase() === cheer.prefix)?.tiers.find((tier) => tier.id === String(cheer.tier))?.images.dark.animated['1'];
    const text = (value: string): ChatMessageFragment => ({ type: 'text', text: value, cheermote: null, emote: null, mention: null });
    // Fragment texts the platform would not send, as a forged or broken event could: they land in alt, title and data- attributes.
    const hostile = `"'><svg onload=alert(1)>\``;
    const fragments: ChatMessageFragment[] = [
      text('!quote '),
      { type: 'cheermote', text: 'Cheer100', cheermote: { prefix: 'cheer', bits: 100, tier: 100 }, emote: null, mention: null },
      text(' <b>bold</b> '),
      { type: 'cheermote', text: hostile, cheermote: { prefix: 'party', bits: 1, tier: 1 }, emote: null, mention: null },
      { type: 'emote', text: hostile, cheermote: null, emote: { id: `1"><x`, emote_set_id: '0', owner_id: '0', format: ['static'] }, mention: null },
      { type: 'mention', text: `@${hostile}`, cheermote: null, emote: null, mention: { user_id: hostile, user_name: hostile, user_login: 'javascript:alert(1)//' } },
    ];
    const messageText = fragments.map((fragment) => fragment.text).join('');
    w.mock.events.raise(
      chatMessageEvent(w, messageText, { message_id: 'cheer-1', message: { text: messageText, fragments }, badges: [{ set_id: 'bits', id: '100', info: '' }], cheer: { bits: 101 }, color: '#1E90FF' }),
    );
    await until(() => quoted.length === 1, 5_000, 'the cheer');
    const message = quoted[0]!;
    expect(renderMessage(message)).toBe(messageText);

    const html = renderMessage(message, { as: 'html', cheermoteUrl, mentionUrl: (mention) => `${mention.user_login}` });
    expect(html.startsWith(
      '!quote <img class="cheermote" src="https://static.example/actions/cheer/dark/animated/100/1.gif" alt="Cheer100" title="Cheer100" data-bits="100"> &lt;b&gt;bold&lt;/b&gt; ',
    )).toBe(true);
    const escaped = '&quot;&#39;&gt;&lt;svg onload=alert(1)&gt;&#96;';
    expect(html).toContain(`<img class="cheermote" src="https://static.example/actions/party/dark/animated/1/1.gif" alt="${escaped}" title="${escaped}" data-bits="1">`);
    // The emote's ID is percent-encoded in its URL, the mention's `javascript:` link not made.
    expect(html).toContain(`<img class="emote" src="https://static-cdn.jtvnw.net/emoticons/v2/1%22%3E%3Cx/static/dark/1.0" alt="${escaped}" title="${escaped}">`);
    expect(html.endsWith(`<span class="mention" data-user-id="${escaped}">@${escaped}</span>`)).toBe(true);
    expect([...html.matchAll(/<([a-z]+)/g)].map((match) => match[1])).toEqual(['img', 'img', 'img', 'span']);
    expectOnlyRendererMarkup(html);
    expect(html).not.toContain('javascript:');
    expect(shown(html)).toBe(messageText);
  });
});
