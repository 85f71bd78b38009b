import { Platform, type ChannelChatMessageEvent } from '@platform/client';

/** What the page needs to know: `config.json`, served beside the page. */
export interface PageConfig {
  /** Your application's client ID (public: it is not a secret). */
  clientId: string;
  /** The login of the channel whose chat to show; the signed-in user's own by default (or `?channel=` in the address). */
  channel?: string | undefined;
  /** The platform's addresses: left out for the real platform; the mock platform's in tests. */
  baseUrl?: string | undefined;
  authUrl?: string | undefined;
  eventSubWsUrl?: string | undefined;
}

/** The one scope the page asks for: reading a channel's chat as the signed-in user. */
const SCOPES = ['user:read:chat'];
const STATE_KEY = 'platform-example-state';

/**
 * The page: signs the viewer in with the implicit flow (the token comes back in the address's
 * fragment, no server and no client secret involved), then shows the platform's global emotes and
 * the channel's live chat, read over the EventSub WebSocket. Everything is drawn with DOM calls
 * and `textContent`, never `innerHTML`: chat text is untrusted.
 */
export async function runPage(root: HTMLElement, config: PageConfig, page: { location: Location; history: History; storage: Storage }): Promise<void> {
  const status = element(root, '#status');
  const client = new Platform({ clientId: config.clientId, baseUrl: config.baseUrl, authUrl: config.authUrl, eventSubWsUrl: config.eventSubWsUrl });
  const here = `${page.location.origin}${page.location.pathname}`;

  const fragment = new URLSearchParams(page.location.hash.slice(1));
  const token = fragment.get('access_token');
  if (!token) {
    // A random state, kept in this tab, refuses a sign-in this page did not start.
    const state = crypto.randomUUID();
    page.storage.setItem(STATE_KEY, state);
    const link = document.createElement('a');
    link.id = 'sign-in';
    link.href = client.auth.authorizeUrl({ redirectUri: here, responseType: 'token', scopes: SCOPES, state });
    link.textContent = fragment.has('error') ? `Sign-in refused (${fragment.get('error_description') ?? fragment.get('error')}). Try again` : 'Sign in with the platform';
    status.replaceChildren(link);
    return;
  }
  const expected = page.storage.getItem(STATE_KEY);
  page.storage.removeItem(STATE_KEY);
  // The token stays out of the address bar, the history and anything the user copies.
  page.history.replaceState(null, '', `${page.location.pathname}${page.location.search}`);
  if (expected === null || fragment.get('state') !== expected) {
    status.textContent = 'This sign-in was not started here; reload the page to sign in again.';
    return;
  }

  status.textContent = 'Signing in…';
  const me = await client.auth.addUser(token);
  const login = config.channel ?? new URLSearchParams(page.location.search).get('channel') ?? me.login ?? me.userId;
  const [channel] = await client.users.users({ login });
  if (!channel) {
    status.textContent = `The platform has no channel named ${login}.`;
    return;
  }

  const emotes = await client.chat.globalEmotes();
  const emoteList = element(root, '#emotes');
  emoteList.replaceChildren(
    ...emotes.data.map((emote) => {
      const item = document.createElement('li');
      item.append(emoteImage(emotes.template, emote.id, emote.name));
      return item;
    }),
  );

  const chat = element(root, '#chat');
  const listener = client.eventsub.websocket({
    onError: (error) => (status.textContent = `Error: ${error instanceof Error ? error.message : String(error)}`),
    onDisconnect: () => (status.textContent = 'Connection lost; reconnecting…'),
    onConnect: () => (status.textContent = `Live chat of #${channel.login}`),
  });
  const handle = listener.on('channel.chat.message', { broadcaster_user_id: channel.id, user_id: me.userId }, (event) => {
    chat.append(chatLine(event, emotes.template));
    // Keep the last 200 lines.
    while (chat.childElementCount > 200) chat.firstElementChild?.remove();
  });
  await handle.ready;
  status.textContent = `Live chat of #${channel.login}`;
  root.dataset.ready = 'true';
}

/** One chat message: the chatter's name in their color, then text and emotes. */
function chatLine(event: ChannelChatMessageEvent, template: string): HTMLLIElement {
  const line = document.createElement('li');
  const name = document.createElement('b');
  name.textContent = event.chatter_user_name;
  if (/^#[0-9a-f]{6}$/i.test(event.color)) name.style.color = event.color;
  line.append(name, ': ');
  for (const fragment of event.message.fragments) {
    if (fragment.type === 'emote' && fragment.emote) line.append(emoteImage(template, fragment.emote.id, fragment.text));
    else line.append(fragment.text);
  }
  return line;
}

/** An emote's image, its address made from the platform's template. */
function emoteImage(template: string, id: string, name: string): HTMLImageElement {
  const image = document.createElement('img');
  image.src = template.replace('{{id}}', encodeURIComponent(id)).replace('{{format}}', 'static').replace('{{theme_mode}}', 'dark').replace('{{scale}}', '1.0');
  image.alt = name;
  image.title = name;
  image.className = 'emote';
  return image;
}

function element(root: HTMLElement, selector: string): HTMLElement {
  const found = root.querySelector<HTMLElement>(selector);
  if (!found) throw new Error(`The page has no ${selector} element.`);
  return found;
}
