// `@platform/api-chat/groups`, the operation group of the package as data: `chatGroup` lists the
// operations that `Platform` binds as `client.chat`, so a new operation joins the group here, in its
// own package. A subpath of its own keeps this data out of the package's index, and so out of the
// names `@platform/client` re-exports.
import { chatters } from './operations/chatters';
import { channelEmotes } from './operations/channel-emotes';
import { globalEmotes } from './operations/global-emotes';
import { emoteSets } from './operations/emote-sets';
import { channelBadges } from './operations/channel-badges';
import { globalBadges } from './operations/global-badges';
import { settings } from './operations/settings';
import { sharedSession } from './operations/shared-session';
import { userEmotes } from './operations/user-emotes';
import { updateSettings } from './operations/update-settings';
import { announce } from './operations/announce';
import { shoutout } from './operations/shoutout';
import { send } from './operations/send';
import { pinnedMessage } from './operations/pinned-message';
import { pin } from './operations/pin';
import { updatePin } from './operations/update-pin';
import { unpin } from './operations/unpin';
import { colors } from './operations/colors';
import { setColor } from './operations/set-color';

/** The chat operations, as `client.chat` binds them. */
export const chatGroup = {
  /** Lists the users in a channel's chat ({@link chatters}). */
  chatters,
  /** Gets a channel's own emotes ({@link channelEmotes}). */
  channelEmotes,
  /** Gets the emotes every user can type in any chat ({@link globalEmotes}). */
  globalEmotes,
  /** Gets the emotes of one or more emote sets ({@link emoteSets}). */
  emoteSets,
  /** Gets a channel's own chat badges ({@link channelBadges}). */
  channelBadges,
  /** Gets the chat badges every channel shows ({@link globalBadges}). */
  globalBadges,
  /** Gets a channel's chat settings ({@link settings}). */
  settings,
  /** Gets the shared chat session a channel is in, or null ({@link sharedSession}). */
  sharedSession,
  /** Lists the emotes a user can type in any chat ({@link userEmotes}). */
  userEmotes,
  /** Changes a channel's chat settings ({@link updateSettings}). */
  updateSettings,
  /** Sends an announcement to a channel's chat ({@link announce}). */
  announce,
  /** Gives another broadcaster a shoutout in a channel's chat ({@link shoutout}). */
  shoutout,
  /** Sends a message to a channel's chat ({@link send}). */
  send,
  /** Gets the message pinned in a channel's chat, or null ({@link pinnedMessage}). */
  pinnedMessage,
  /** Pins a message in a channel's chat ({@link pin}). */
  pin,
  /** Changes how long the pinned message stays pinned ({@link updatePin}). */
  updatePin,
  /** Unpins the pinned message of a channel's chat ({@link unpin}). */
  unpin,
  /** Gets the chat colors of users ({@link colors}). */
  colors,
  /** Sets the color of a user's name in chat ({@link setColor}). */
  setColor,
} as const;
