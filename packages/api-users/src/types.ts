import type { OperationPage } from '@platform/core';

// ---- users ----------------------------------------------------------------------------------

/** The kind of account: `admin`, `global_mod`, `staff`, or an empty string for a normal user. */
export type UserType = 'admin' | 'global_mod' | 'staff' | '';

/** The broadcaster level of an account: `affiliate`, `partner`, or an empty string for a normal broadcaster. */
export type BroadcasterType = 'affiliate' | 'partner' | '';

/** A user of the platform, as `users` and `updateUser` give it. */
export interface User {
  id: string;
  login: string;
  display_name: string;
  type: UserType;
  broadcaster_type: BroadcasterType;
  /** The description of the user's channel. */
  description: string;
  profile_image_url: string;
  offline_image_url: string;
  /** @deprecated The platform no longer fills this field with valid data. */
  view_count: number;
  /**
   * The verified email address: present only when the user token has the scope
   * user:read:email, and filled only for that token's own user (empty for the others).
   */
  email?: string;
  /** When the account was created (RFC 3339). */
  created_at: string;
}

/** A user on a broadcaster's block list. */
export interface BlockedUser {
  user_id: string;
  user_login: string;
  display_name: string;
}

/** Where the harassment that led to a block took place. */
export type BlockSourceContext = 'chat' | 'whisper';

/** Why a user is blocked. */
export type BlockReason = 'harassment' | 'spam' | 'other';

/** A kind of extension slot. `mobile` appears in the types an installed extension supports. */
export type UserExtensionType = 'component' | 'mobile' | 'overlay' | 'panel';

/** An extension a broadcaster has installed, active or not. */
export interface UserExtension {
  id: string;
  version: string;
  name: string;
  /** The extension is configured and can be activated. */
  can_activate: boolean;
  /** The slot types the extension can be activated in. */
  type: UserExtensionType[];
}

/** An active extension in a panel or overlay slot. */
export interface ActiveExtension {
  active: true;
  id: string;
  version: string;
  name: string;
}

/** An active extension in a component slot, with its position. */
export interface ActiveComponentExtension extends ActiveExtension {
  /** The x coordinate where the extension is placed. */
  x: number;
  /** The y coordinate where the extension is placed. */
  y: number;
}

/** A slot with no active extension (the platform sends `{ "active": false }`). */
export interface InactiveExtensionSlot {
  active: false;
  id?: string;
  version?: string;
  name?: string;
}

/**
 * The extensions active in each slot of a broadcaster's channel. Each map's keys are the slot
 * numbers, from `'1'`.
 */
export interface UserActiveExtensions {
  panel: Record<string, ActiveExtension | InactiveExtensionSlot>;
  overlay: Record<string, ActiveExtension | InactiveExtensionSlot>;
  component: Record<string, ActiveComponentExtension | InactiveExtensionSlot>;
}

/** What `updateUserExtensions` puts in a panel or overlay slot: an extension to activate, or `{ active: false }`. */
export type ExtensionSlotUpdate = { active: true; id: string; version: string } | { active: false; id?: string; version?: string };

/** What `updateUserExtensions` puts in a component slot: an extension and its position, or `{ active: false }`. */
export type ComponentSlotUpdate = { active: true; id: string; version: string; x: number; y: number } | { active: false; id?: string; version?: string };

/** The scopes a user has granted the application. */
export interface UserAuthorization {
  user_id: string;
  user_name: string;
  user_login: string;
  scopes: string[];
}

// ---- channels -------------------------------------------------------------------------------

/**
 * A content classification label. `MatureGame` follows from the channel's game and cannot be set
 * with `updateChannel`.
 */
export type ContentClassificationLabelId =
  | 'DebatedSocialIssuesAndPolitics'
  | 'DrugsIntoxication'
  | 'SexualThemes'
  | 'ViolentGraphic'
  | 'Gambling'
  | 'ProfanityVulgarity'
  | 'MatureGame';

/** A label a broadcaster may turn on or off with `updateChannel`. */
export type SettableContentClassificationLabelId = Exclude<ContentClassificationLabelId, 'MatureGame'>;

/** One label to turn on or off with `updateChannel`. */
export interface ContentClassificationLabelSetting {
  id: SettableContentClassificationLabelId;
  /** True adds the label to the channel, false removes it. */
  is_enabled: boolean;
}

/** A channel's information, as `channelInformation` gives it. */
export interface ChannelInformation {
  broadcaster_id: string;
  broadcaster_login: string;
  broadcaster_name: string;
  /** An ISO 639-1 two-letter code, or `other`. */
  broadcaster_language: string;
  /** The game played now or last; an empty string if the broadcaster never played one. */
  game_name: string;
  game_id: string;
  /** The title of the current or last stream; an empty string if the broadcaster never streamed. */
  title: string;
  /**
   * The stream delay in seconds: 0 unless the call uses the broadcaster's own user token and the
   * broadcaster is a partner who set a delay.
   */
  delay: number;
  tags: string[];
  content_classification_labels: ContentClassificationLabelId[];
  is_branded_content: boolean;
}

/** A user who may edit a broadcaster's channel. */
export interface ChannelEditor {
  user_id: string;
  user_name: string;
  /** When the user became an editor (RFC 3339). */
  created_at: string;
}

/** A broadcaster a user follows. */
export interface FollowedChannel {
  broadcaster_id: string;
  broadcaster_login: string;
  broadcaster_name: string;
  /** When the user started following (RFC 3339). */
  followed_at: string;
}

/** A page of `followedChannels`: `raw.total` is the number of broadcasters the user follows. */
export type FollowedChannelPage = OperationPage<FollowedChannel, { total: number }>;

/** A user who follows a broadcaster. */
export interface ChannelFollower {
  user_id: string;
  user_login: string;
  user_name: string;
  /** When the user started following (RFC 3339). */
  followed_at: string;
}

/** A page of `channelFollowers`: `raw.total` is the broadcaster's follower count. */
export type ChannelFollowerPage = OperationPage<ChannelFollower, { total: number }>;

// ---- teams ----------------------------------------------------------------------------------

/** The fields every team record has. */
export interface TeamFields {
  id: string;
  team_name: string;
  team_display_name: string;
  /** The team's description; may hold Markdown, HTML or newlines. */
  info: string;
  thumbnail_url: string;
  background_image_url: string | null;
  banner: string | null;
  created_at: string;
  updated_at: string;
}

/** A team a broadcaster belongs to, as `channelTeams` gives it. */
export interface ChannelTeam extends TeamFields {
  broadcaster_id: string;
  broadcaster_login: string;
  broadcaster_name: string;
}

/** A member of a team. */
export interface TeamMember {
  user_id: string;
  user_login: string;
  user_name: string;
}

/** A team with its members, as `teams` gives it. */
export interface Team extends TeamFields {
  users: TeamMember[];
}

// ---- search and games -----------------------------------------------------------------------

/** A game or category that a search matched. */
export interface Category {
  id: string;
  name: string;
  box_art_url: string;
}

/** A channel that a search matched. */
export interface SearchedChannel {
  /** The broadcaster's ID. */
  id: string;
  broadcaster_login: string;
  display_name: string;
  /** An ISO 639-1 two-letter code, or `other`. */
  broadcaster_language: string;
  game_id: string;
  game_name: string;
  is_live: boolean;
  /** @deprecated Always an empty list; use `tags`. */
  tag_ids: string[];
  tags: string[];
  thumbnail_url: string;
  /** The stream's title; an empty string if never set. */
  title: string;
  /** When the current stream started (RFC 3339); an empty string when the channel is offline. */
  started_at: string;
}

/** A game or category. */
export interface Game {
  id: string;
  name: string;
  /** The box art address, with a `{width}x{height}` placeholder to fill. */
  box_art_url: string;
  /** The game's IGDB ID; an empty string when the platform does not know it. */
  igdb_id: string;
}

/** A content classification label, described in the requested locale. */
export interface ContentClassificationLabel {
  id: ContentClassificationLabelId;
  description: string;
  name: string;
}
