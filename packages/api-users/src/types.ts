import type { OperationPage } from '@platform/core';

// ---- users ----------------------------------------------------------------------------------

/** The kind of account: `admin`, `global_mod`, `staff`, or an empty string for a normal user. */
export type UserType = 'admin' | 'global_mod' | 'staff' | '';

/** The broadcaster level of an account: `affiliate`, `partner`, or an empty string for a normal broadcaster. */
export type BroadcasterType = 'affiliate' | 'partner' | '';

/** A user of the platform, as `users` and `updateUser` give it. */
export interface User {
  /** The user's ID. */
  id: string;
  /** The user's login name. */
  login: string;
  /** The user's display name. */
  display_name: string;
  /** The kind of account. */
  type: UserType;
  /** The user's broadcaster level. */
  broadcaster_type: BroadcasterType;
  /** The description of the user's channel. */
  description: string;
  /** The user's profile image. */
  profile_image_url: string;
  /** The image shown while the user's channel is offline. */
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
  /** The blocked user's ID. */
  user_id: string;
  /** The blocked user's login name. */
  user_login: string;
  /** The blocked user's display name. */
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
  /** The extension's ID. */
  id: string;
  /** The extension's version. */
  version: string;
  /** The extension's name. */
  name: string;
  /** The extension is configured and can be activated. */
  can_activate: boolean;
  /** The slot types the extension can be activated in. */
  type: UserExtensionType[];
}

/** An active extension in a panel or overlay slot. */
export interface ActiveExtension {
  /** Always true: an extension is active in the slot. */
  active: true;
  /** The extension's ID. */
  id: string;
  /** The extension's version. */
  version: string;
  /** The extension's name. */
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
  /** Always false: no extension is active in the slot. */
  active: false;
  /** Not sent for an empty slot. */
  id?: string;
  /** Not sent for an empty slot. */
  version?: string;
  /** Not sent for an empty slot. */
  name?: string;
}

/**
 * The extensions active in each slot of a broadcaster's channel. Each map's keys are the slot
 * numbers, from `'1'`.
 */
export interface UserActiveExtensions {
  /** The panel slots. */
  panel: Record<string, ActiveExtension | InactiveExtensionSlot>;
  /** The overlay slots. */
  overlay: Record<string, ActiveExtension | InactiveExtensionSlot>;
  /** The component slots. */
  component: Record<string, ActiveComponentExtension | InactiveExtensionSlot>;
}

/** What `updateUserExtensions` puts in a panel or overlay slot: an extension to activate, or `{ active: false }`. */
export type ExtensionSlotUpdate =
  | {
      /** Activates the extension in the slot. */
      active: true;
      /** The extension's ID. */
      id: string;
      /** The extension's version. */
      version: string;
    }
  | {
      /** Empties the slot. */
      active: false;
      /** The extension's ID; not needed to empty the slot. */
      id?: string;
      /** The extension's version; not needed to empty the slot. */
      version?: string;
    };

/** What `updateUserExtensions` puts in a component slot: an extension and its position, or `{ active: false }`. */
export type ComponentSlotUpdate =
  | {
      /** Activates the extension in the slot. */
      active: true;
      /** The extension's ID. */
      id: string;
      /** The extension's version. */
      version: string;
      /** The x coordinate where the extension is placed. */
      x: number;
      /** The y coordinate where the extension is placed. */
      y: number;
    }
  | {
      /** Empties the slot. */
      active: false;
      /** The extension's ID; not needed to empty the slot. */
      id?: string;
      /** The extension's version; not needed to empty the slot. */
      version?: string;
    };

/** The scopes a user has granted the application. */
export interface UserAuthorization {
  /** The user's ID. */
  user_id: string;
  /** The user's display name. */
  user_name: string;
  /** The user's login name. */
  user_login: string;
  /** The scopes the user granted the application. */
  scopes: string[];
  /** Whether the user has authorized the application. */
  has_authorized: boolean;
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
  /** The label to turn on or off. */
  id: SettableContentClassificationLabelId;
  /** True adds the label to the channel, false removes it. */
  is_enabled: boolean;
}

/** A channel's information, as `channelInformation` gives it. */
export interface ChannelInformation {
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** An ISO 639-1 two-letter code, or `other`. */
  broadcaster_language: string;
  /** The game played now or last; an empty string if the broadcaster never played one. */
  game_name: string;
  /** The ID of the game played now or last; an empty string if the broadcaster never played one. */
  game_id: string;
  /** The title of the current or last stream; an empty string if the broadcaster never streamed. */
  title: string;
  /**
   * The stream delay in seconds: 0 unless the call uses the broadcaster's own user token and the
   * broadcaster is a partner who set a delay.
   */
  delay: number;
  /** The tags applied to the channel. */
  tags: string[];
  /** The content classification labels applied to the channel. */
  content_classification_labels: ContentClassificationLabelId[];
  /** The channel has branded content. */
  is_branded_content: boolean;
}

/** A user who may edit a broadcaster's channel. */
export interface ChannelEditor {
  /** The editor's user ID. */
  user_id: string;
  /** The editor's display name. */
  user_name: string;
  /** When the user became an editor (RFC 3339). */
  created_at: string;
}

/** A broadcaster a user follows. */
export interface FollowedChannel {
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
  /** When the user started following (RFC 3339). */
  followed_at: string;
}

/** A page of `followedChannels`: `raw.total` is the number of broadcasters the user follows. */
export type FollowedChannelPage = OperationPage<
  FollowedChannel,
  {
    /** How many broadcasters the user follows. */
    total: number;
  }
>;

/** A user who follows a broadcaster. */
export interface ChannelFollower {
  /** The follower's user ID. */
  user_id: string;
  /** The follower's login name. */
  user_login: string;
  /** The follower's display name. */
  user_name: string;
  /** When the user started following (RFC 3339). */
  followed_at: string;
}

/** A page of `channelFollowers`: `raw.total` is the broadcaster's follower count. */
export type ChannelFollowerPage = OperationPage<
  ChannelFollower,
  {
    /** How many users follow the broadcaster. */
    total: number;
  }
>;

// ---- teams ----------------------------------------------------------------------------------

/** The fields every team record has. */
export interface TeamFields {
  /** The team's ID. */
  id: string;
  /** The team's name. */
  team_name: string;
  /** The team's display name. */
  team_display_name: string;
  /** The team's description; may hold Markdown, HTML or newlines. */
  info: string;
  /** A thumbnail of the team's logo. */
  thumbnail_url: string;
  /** The team's background image; null when it has none. */
  background_image_url: string | null;
  /** The team's banner image; null when it has none. */
  banner: string | null;
  /** When the team was created (RFC 3339). */
  created_at: string;
  /** When the team was last changed (RFC 3339). */
  updated_at: string;
}

/** A team a broadcaster belongs to, as `channelTeams` gives it. */
export interface ChannelTeam extends TeamFields {
  /** The broadcaster's user ID. */
  broadcaster_id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  broadcaster_name: string;
}

/** A member of a team. */
export interface TeamMember {
  /** The member's user ID. */
  user_id: string;
  /** The member's login name. */
  user_login: string;
  /** The member's display name. */
  user_name: string;
}

/** A team with its members, as `teams` gives it. */
export interface Team extends TeamFields {
  /** The team's members. */
  users: TeamMember[];
}

// ---- search and games -----------------------------------------------------------------------

/** A game or category that a search matched. */
export interface Category {
  /** The category's ID. */
  id: string;
  /** The category's name. */
  name: string;
  /** The category's box art. */
  box_art_url: string;
}

/** A channel that a search matched. */
export interface SearchedChannel {
  /** The broadcaster's ID. */
  id: string;
  /** The broadcaster's login name. */
  broadcaster_login: string;
  /** The broadcaster's display name. */
  display_name: string;
  /** An ISO 639-1 two-letter code, or `other`. */
  broadcaster_language: string;
  /** The ID of the game played now or last. */
  game_id: string;
  /** The name of the game played now or last. */
  game_name: string;
  /** The broadcaster is streaming now. */
  is_live: boolean;
  /** @deprecated Always an empty list; use `tags`. */
  tag_ids: string[];
  /** The tags applied to the channel. */
  tags: string[];
  /** A thumbnail of the broadcaster's profile image. */
  thumbnail_url: string;
  /** The stream's title; an empty string if never set. */
  title: string;
  /** When the current stream started (RFC 3339); an empty string when the channel is offline. */
  started_at: string;
}

/** A game or category. */
export interface Game {
  /** The game's ID. */
  id: string;
  /** The game's name. */
  name: string;
  /** The box art address, with a `{width}x{height}` placeholder to fill. */
  box_art_url: string;
  /** The game's IGDB ID; an empty string when the platform does not know it. */
  igdb_id: string;
}

/** A content classification label, described in the requested locale. */
export interface ContentClassificationLabel {
  /** The label's ID. */
  id: ContentClassificationLabelId;
  /** What the label means, in the requested locale. */
  description: string;
  /** The label's name, in the requested locale. */
  name: string;
}
