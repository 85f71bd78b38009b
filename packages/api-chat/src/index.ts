// The public surface of @platform/api-chat: every operation (function, declaration, parameter type) and every chat resource type.
export { chatters, chattersOperation, type ChattersParams } from './operations/chatters';
export { channelEmotes, channelEmotesOperation, type ChannelEmotesParams } from './operations/channel-emotes';
export { globalEmotes, globalEmotesOperation, type GlobalEmotesParams } from './operations/global-emotes';
export { emoteSets, emoteSetsOperation, type EmoteSetsParams } from './operations/emote-sets';
export { channelBadges, channelBadgesOperation, type ChannelBadgesParams } from './operations/channel-badges';
export { globalBadges, globalBadgesOperation, type GlobalBadgesParams } from './operations/global-badges';
export { settings, settingsOperation, type SettingsParams } from './operations/settings';
export { sharedSession, sharedSessionOperation, type SharedSessionParams } from './operations/shared-session';
export { userEmotes, userEmotesOperation, type UserEmotesParams } from './operations/user-emotes';
export { updateSettings, updateSettingsOperation, type UpdateSettingsParams } from './operations/update-settings';
export { announce, announceOperation, type AnnounceParams } from './operations/announce';
export { shoutout, shoutoutOperation, type ShoutoutParams } from './operations/shoutout';
export { send, sendOperation, type SendParams } from './operations/send';
export { pinnedMessage, pinnedMessageOperation, type PinnedMessageParams } from './operations/pinned-message';
export { pin, pinOperation, type PinParams } from './operations/pin';
export { updatePin, updatePinOperation, type UpdatePinParams } from './operations/update-pin';
export { unpin, unpinOperation, type UnpinParams } from './operations/unpin';
export { colors, colorsOperation, type ColorsParams } from './operations/colors';
export { setColor, setColorOperation, type SetColorParams } from './operations/set-color';
export type {
  Chatter,
  ChatEmoteList,
  ChatEmoteImages,
  ChatEmote,
  ChatChannelEmote,
  ChatSetEmote,
  ChatBadgeVersion,
  ChatBadgeSet,
  ChatSettings,
  SharedChatParticipant,
  SharedChatSession,
  ChatUserEmoteType,
  ChatEmoteFormat,
  ChatEmoteScale,
  ChatEmoteThemeMode,
  ChatUserEmote,
  ChatUserEmotePage,
  ChatMessageDropReason,
  SentChatMessage,
  PinnedChatMessageFragment,
  PinnedChatMessage,
  UserChatColor,
  ChatAnnouncementColor,
  ChatColorName,
} from './types';
