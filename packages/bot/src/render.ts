import { PlatformError, type ChatMessage, type ChatMessageFragment, type Cheermote, type ChatMention } from '@platform/client';

/** The platform's emote image template; `{{id}}`, `{{format}}`, `{{theme_mode}}` and `{{scale}}` are filled in. */
export const emoteTemplate = 'https://static-cdn.jtvnw.net/emoticons/v2/{{id}}/{{format}}/{{theme_mode}}/{{scale}}';

/** Options of `renderMessage()`. */
export interface RenderOptions {
  /** `text` (default): the message as plain text; `html`: safe HTML, every character a user typed escaped. */
  as?: 'text' | 'html' | undefined;
  /** Animated emotes where the emote has an animated format (default true); false always takes the static one. */
  animated?: boolean | undefined;
  /** The page's theme, the emotes' `theme_mode` (default `dark`). */
  theme?: 'dark' | 'light' | undefined;
  /** The emotes' scale (default `1.0`). */
  scale?: '1.0' | '2.0' | '3.0' | undefined;
  /** The emote template to fill (default the platform's, {@link emoteTemplate}); a Get Emotes answer's `template`. */
  template?: string | undefined;
  /**
   * The image of a cheermote (from Get Cheermotes), or undefined to show it as text. Without it
   * cheermotes are text in a `<span class="cheermote">`.
   */
  cheermoteUrl?: ((cheermote: Cheermote) => string | undefined) | undefined;
  /**
   * The link of a mention (a channel page), or undefined for none. Without it, or for a URL that is
   * not `http:` or `https:`, a mention is a `<span class="mention">`.
   */
  mentionUrl?: ((mention: ChatMention) => string | undefined) | undefined;
}

const scales = new Set(['1.0', '2.0', '3.0']);
const themes = new Set(['dark', 'light']);

/**
 * Turns a chat message's fragments into plain text, or into HTML that is safe to put in a page:
 * text is escaped (`& < > " '` and the backtick), emotes are `<img>` from the platform's template (animated or
 * static, dark or light, the scale asked for), cheermotes and mentions are marked up, and every
 * value put in an attribute (names, IDs in URLs, URLs from your callbacks) is escaped too. Nothing
 * the user typed can open a tag or an attribute.
 *
 * @example
 * renderMessage(event.message, { as: 'html', theme: 'light', scale: '2.0' });
 * // 'hi <img class="emote" src="https://static-cdn.jtvnw.net/emoticons/v2/25/animated/light/2.0" alt="Kappa" title="Kappa"> &lt;3'
 * @throws {PlatformError} for an unknown `as`, `theme` or `scale`.
 */
export function renderMessage(message: Pick<ChatMessage, 'text' | 'fragments'>, options: RenderOptions = {}): string {
  const { as = 'text', animated = true, theme = 'dark', scale = '1.0', template = emoteTemplate } = options;
  if (as !== 'text' && as !== 'html') throw new PlatformError(`renderMessage(): as must be 'text' or 'html'; got ${String(as)}.`);
  if (!themes.has(theme)) throw new PlatformError(`renderMessage(): theme must be 'dark' or 'light'; got ${String(theme)}.`);
  if (!scales.has(scale)) throw new PlatformError(`renderMessage(): scale must be '1.0', '2.0' or '3.0'; got ${String(scale)}.`);
  const fragments = Array.isArray(message?.fragments) ? message.fragments : [{ type: 'text', text: message?.text ?? '', cheermote: null, emote: null, mention: null } as ChatMessageFragment];
  if (as === 'text') return fragments.map((fragment) => fragment.text).join('');
  return fragments
    .map((fragment) => {
      const text = escapeHtml(fragment.text);
      switch (fragment.type) {
        case 'emote': {
          const format = animated && fragment.emote.format.includes('animated') ? 'animated' : 'static';
          const src = template
            .replace('{{id}}', encodeURIComponent(fragment.emote.id))
            .replace('{{format}}', format)
            .replace('{{theme_mode}}', theme)
            .replace('{{scale}}', scale);
          return `<img class="emote" src="${escapeHtml(src)}" alt="${text}" title="${text}">`;
        }
        case 'cheermote': {
          const url = webUrl(options.cheermoteUrl?.(fragment.cheermote));
          const bits = escapeHtml(String(fragment.cheermote.bits));
          if (url !== undefined) return `<img class="cheermote" src="${escapeHtml(url)}" alt="${text}" title="${text}" data-bits="${bits}">`;
          return `<span class="cheermote" data-bits="${bits}">${text}</span>`;
        }
        case 'mention': {
          const url = webUrl(options.mentionUrl?.(fragment.mention));
          const id = escapeHtml(fragment.mention.user_id);
          if (url !== undefined) return `<a class="mention" href="${escapeHtml(url)}" data-user-id="${id}">${text}</a>`;
          return `<span class="mention" data-user-id="${id}">${text}</span>`;
        }
        default:
          return text;
      }
    })
    .join('');
}

/** An http(s) URL as given, or undefined for anything else (a `javascript:` link is never made). */
function webUrl(url: string | undefined): string | undefined {
  return typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;' };

/**
 * Escapes the five characters that matter in HTML text and quoted attributes, and the backtick
 * (which old browsers took for an attribute's quote).
 */
export function escapeHtml(value: string): string {
  return String(value).replace(/[&<>"'`]/g, (char) => entities[char]!);
}
