export {
  createBot,
  Bot,
  BotChannelError,
  type BotOptions,
  type BotChannelOptions,
  type BotChannel,
  type CommandOptions,
  type CommandHandler,
  type CommandContext,
  type CommandRefusal,
  type CooldownOptions,
} from './bot';
export { splitArguments } from './arguments';
export { roleOf, hasRole, type Role } from './permissions';
export { memoryCooldowns, type CooldownStore, type CooldownEntry } from './cooldowns';
export { type ChatLimitEvent } from './chat-queue';
export { renderMessage, escapeHtml, emoteTemplate, type RenderOptions } from './render';
export { type UserCache, type BotUser } from './users';
