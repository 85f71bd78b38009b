import { iso } from '../helix';

/*
 * The Cheermotes of the bits group: a fixed catalogue of the platform's own Cheermotes in the shape
 * of Get Cheermotes, the broadcasters' custom ones added with `mock.bits.addCheermote()`, and the
 * reading of a cheer's message into text and Cheermote fragments (for `channel.bits.use`).
 */

/** A Cheermote's type, as Get Cheermotes writes it. */
export type CheermoteType = 'global_first_party' | 'global_third_party' | 'channel_custom' | 'display_only' | 'sponsored';

/** One Cheermote of the catalogue. */
export interface CheermoteRecord {
  /** What a viewer types before the amount (for example `Cheer`). */
  prefix: string;
  /** Where the Cheermote comes from. */
  type: CheermoteType;
  /** Its place in the Bits card; the numbers may skip. */
  order: number;
  /** The minimum Bits of each tier, ascending. */
  tiers: readonly number[];
  /** Epoch ms. */
  last_updated: number;
  /** Bits cheered with it go to charity. */
  is_charitable: boolean;
}

/** The colours of the tier levels. */
const TIER_COLORS: Readonly<Record<number, string>> = { 1: '#979797', 100: '#9c3ee8', 500: '#e005b9', 1000: '#1db2a5', 5000: '#0099fe', 10000: '#f43021', 100000: '#f3a71a' };
const CATALOGUE_UPDATED = Date.parse('2025-01-15T00:00:00Z');

/** The platform's own Cheermotes, in every channel. */
export const GLOBAL_CHEERMOTES: readonly CheermoteRecord[] = [
  { prefix: 'Cheer', type: 'global_first_party', order: 1, tiers: [1, 100, 1000, 5000, 10000, 100000], last_updated: CATALOGUE_UPDATED, is_charitable: false },
  { prefix: 'Party', type: 'global_first_party', order: 2, tiers: [1, 100, 1000, 5000, 10000], last_updated: CATALOGUE_UPDATED, is_charitable: false },
  { prefix: 'Hearts', type: 'global_first_party', order: 3, tiers: [1, 100, 500, 1000, 5000, 10000], last_updated: CATALOGUE_UPDATED, is_charitable: true },
  { prefix: 'Pride', type: 'global_third_party', order: 1, tiers: [1, 100, 1000, 5000, 10000], last_updated: CATALOGUE_UPDATED, is_charitable: false },
];

/** The tiers a broadcaster's custom Cheermote gets. */
export const CUSTOM_TIERS: readonly number[] = [1, 100, 1000, 5000, 10000];

/** A Cheermote as Get Cheermotes answers it. */
export function cheermoteBody(cheermote: CheermoteRecord): Record<string, unknown> {
  const name = cheermote.prefix.toLowerCase();
  const sizes = ['1', '1.5', '2', '3', '4'];
  const images = (tier: number) =>
    Object.fromEntries(
      ['dark', 'light'].map((theme) => [
        theme,
        Object.fromEntries(
          (['animated', 'static'] as const).map((format) => [
            format,
            Object.fromEntries(sizes.map((size) => [size, `https://static.example/actions/${name}/${theme}/${format}/${tier}/${size}.${format === 'animated' ? 'gif' : 'png'}`])),
          ]),
        ),
      ]),
    );
  return {
    prefix: cheermote.prefix,
    tiers: cheermote.tiers.map((minBits) => ({
      min_bits: minBits,
      id: String(minBits),
      color: TIER_COLORS[minBits] ?? '#979797',
      images: images(minBits),
      can_cheer: true,
      // Third-party Cheermotes are the platform's but are not shown in the Bits card.
      show_in_bits_card: cheermote.type !== 'global_third_party',
    })),
    type: cheermote.type,
    order: cheermote.order,
    last_updated: iso(cheermote.last_updated),
    is_charitable: cheermote.is_charitable,
  };
}

/** The tier of a cheer of `bits` with a Cheermote: the highest tier whose minimum it reaches. */
function tierOf(cheermote: CheermoteRecord, bits: number): number {
  let tier = cheermote.tiers[0] ?? 1;
  for (const minBits of cheermote.tiers) if (bits >= minBits) tier = minBits;
  return tier;
}

/**
 * A cheer's message as `channel.bits.use` carries it: text fragments, and a Cheermote fragment for
 * each `<prefix><bits>` word of a Cheermote the channel offers.
 */
export function cheerFragments(text: string, cheermotes: readonly CheermoteRecord[]): Record<string, unknown>[] {
  const byPrefix = new Map(cheermotes.map((cheermote) => [cheermote.prefix.toLowerCase(), cheermote]));
  const fragments: Record<string, unknown>[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') fragments.push({ type: 'text', text: plain, cheermote: null, emote: null });
    plain = '';
  };
  for (const word of text.split(/(\s+)/)) {
    const match = /^([a-z]+)(\d+)$/i.exec(word);
    const cheermote = match ? byPrefix.get(match[1]!.toLowerCase()) : undefined;
    if (!match || !cheermote) {
      plain += word;
      continue;
    }
    flush();
    const bits = Number(match[2]);
    fragments.push({ type: 'cheermote', text: word, cheermote: { prefix: cheermote.prefix.toLowerCase(), bits, tier: tierOf(cheermote, bits) }, emote: null });
  }
  flush();
  return fragments;
}
