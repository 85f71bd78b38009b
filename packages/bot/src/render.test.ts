import type { ChatMessageFragment } from '@platform/client';
import { describe, expect, it } from 'vitest';
import { renderMessage } from './render';

const text = (value: string): ChatMessageFragment => ({ type: 'text', text: value, cheermote: null, emote: null, mention: null });
const emote = (name: string, id: string, format: Array<'static' | 'animated'>): ChatMessageFragment => ({
  type: 'emote',
  text: name,
  cheermote: null,
  emote: { id, emote_set_id: '0', owner_id: '0', format },
  mention: null,
});

describe('renderMessage', () => {
  const message = {
    text: 'hi Kappa <3 @Bob Cheer100',
    fragments: [
      text('hi '),
      emote('Kappa', '25', ['static', 'animated']),
      text(' <3 '),
      { type: 'mention', text: '@Bob', cheermote: null, emote: null, mention: { user_id: '42', user_name: 'Bob', user_login: 'bob' } },
      text(' '),
      { type: 'cheermote', text: 'Cheer100', cheermote: { prefix: 'cheer', bits: 100, tier: 100 }, emote: null, mention: null },
    ] as ChatMessageFragment[],
  };

  it('gives plain text by default', () => {
    expect(renderMessage(message)).toBe('hi Kappa <3 @Bob Cheer100');
  });

  it('gives HTML with emote images from the template, animated or static, theme and scale', () => {
    expect(renderMessage(message, { as: 'html' })).toBe(
      'hi <img class="emote" src="https://static-cdn.jtvnw.net/emoticons/v2/25/animated/dark/1.0" alt="Kappa" title="Kappa"> &lt;3 ' +
        '<span class="mention" data-user-id="42">@Bob</span> <span class="cheermote" data-bits="100">Cheer100</span>',
    );
    expect(renderMessage(message, { as: 'html', animated: false, theme: 'light', scale: '3.0' })).toContain('/emoticons/v2/25/static/light/3.0"');
    expect(renderMessage({ text: 'x', fragments: [emote('Only', '7', ['static'])] }, { as: 'html' })).toContain('/v2/7/static/dark/1.0"');
    expect(
      renderMessage(message, { as: 'html', cheermoteUrl: (cheer) => `https://cdn.example/${cheer.prefix}/${cheer.tier}.gif`, mentionUrl: (user) => `https://example.tv/${user.user_login}` }),
    ).toContain('<a class="mention" href="https://example.tv/bob" data-user-id="42">@Bob</a> <img class="cheermote" src="https://cdn.example/cheer/100.gif" alt="Cheer100" title="Cheer100" data-bits="100">');
  });

  it('escapes everything a user can type, in text and in attributes', () => {
    const nasty = `<script>alert("x")</script> & 'quotes' "double" <img src=x onerror=alert(1)>`;
    const html = renderMessage(
      {
        text: nasty,
        fragments: [
          text(nasty),
          emote(`"><script>`, `1"/><script>alert(1)</script>`, ['static']),
          { type: 'mention', text: '@<b>', cheermote: null, emote: null, mention: { user_id: '"x', user_name: '<b>', user_login: 'b' } },
        ],
      },
      { as: 'html', mentionUrl: () => 'javascript:"><x>' },
    );
    expect(html).not.toMatch(/<(script|b|x)\b/);
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39; &quot;double&quot; &lt;img src=x onerror=alert(1)&gt;');
    // An emote ID is percent-encoded in the URL: it cannot leave the path.
    expect(html).toContain('src="https://static-cdn.jtvnw.net/emoticons/v2/1%22%2F%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E/static/dark/1.0"');
    // Only the tags the renderer writes.
    expect([...html.matchAll(/<([a-z]+)/g)].map((match) => match[1])).toEqual(['img', 'span']);
    // A link that is not http(s) (javascript:...) is not made.
    expect(html).not.toContain('javascript:');
  });

  it('refuses unknown options', () => {
    expect(() => renderMessage(message, { scale: '4.0' as '1.0' })).toThrow("renderMessage(): scale must be '1.0', '2.0' or '3.0'; got 4.0.");
  });
});
