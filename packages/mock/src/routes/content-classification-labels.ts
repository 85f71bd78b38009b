import { HttpError } from '../http';
import { ok, repeated, type RouteRow } from '../helix';

/*
 * The CCLs group of the reference: Get Content Classification Labels, the platform's fixed list.
 * The mock knows the labels' English texts only (from the reference) and gives them for every
 * supported locale.
 */

/** The platform's content classification labels, as the reference lists them. */
export const CONTENT_CLASSIFICATION_LABELS: readonly { id: string; description: string; name: string }[] = [
  {
    id: 'DebatedSocialIssuesAndPolitics',
    description: 'Discussions or debates about politics or sensitive social issues such as elections, civic integrity, military conflict, and civil rights in a polarizing manner.',
    name: 'Politics and Sensitive Social Issues',
  },
  {
    id: 'DrugsIntoxication',
    description: 'Excessive tobacco glorification or promotion, any marijuana consumption/use, legal drug and alcohol induced intoxication, discussions of illegal drugs.',
    name: 'Drugs, Intoxication, or Excessive Tobacco Use',
  },
  {
    id: 'Gambling',
    description: 'Participating in online or in-person gambling, poker or fantasy sports, that involve the exchange of real money.',
    name: 'Gambling',
  },
  {
    id: 'MatureGame',
    description: 'Games that are rated Mature or less suitable for a younger audience.',
    name: 'Mature-rated game',
  },
  {
    id: 'ProfanityVulgarity',
    description: 'Prolonged, and repeated use of obscenities, profanities, and vulgarities, especially as a regular part of speech.',
    name: 'Significant Profanity or Vulgarity',
  },
  {
    id: 'SexualThemes',
    description: 'Content that focuses on sexualized physical attributes and activities, sexual topics, or experiences.',
    name: 'Sexual Themes',
  },
  {
    id: 'ViolentGraphic',
    description: 'Simulations and/or depictions of realistic violence, gore, extreme injury, or death.',
    name: 'Violent and Graphic Depictions',
  },
];

/**
 * The supported locales as the reference lists them; it spells Brazilian Portuguese `pt-BT`, so
 * the usual `pt-BR` is taken as well.
 */
const LOCALES = new Set([
  'bg-BG', 'cs-CZ', 'da-DK', 'de-DE', 'el-GR', 'en-GB', 'en-US', 'es-ES', 'es-MX', 'fi-FI', 'fr-FR', 'hu-HU', 'it-IT', 'ja-JP', 'ko-KR',
  'nl-NL', 'no-NO', 'pl-PL', 'pt-BT', 'pt-BR', 'pt-PT', 'ro-RO', 'ru-RU', 'sk-SK', 'sv-SE', 'th-TH', 'tr-TR', 'vi-VN', 'zh-CN', 'zh-TW',
]);

/** The content classification labels routes: Get Content Classification Labels (no state: the list is fixed). */
export const contentClassificationLabelsRoutes: readonly RouteRow[] = [
  {
    method: 'GET',
    path: '/content_classification_labels',
    token: 'either',
    handle: ({ request }) => {
      const [locale = 'en-US'] = repeated(request, 'locale', 1);
      if (!LOCALES.has(locale)) throw new HttpError(400, `The parameter "locale" must be one of ${[...LOCALES].join(', ')}; got "${locale}"`);
      return ok(CONTENT_CLASSIFICATION_LABELS.map((label) => ({ ...label })));
    },
  },
];
