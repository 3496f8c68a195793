/** The locales the message templates are written in. */
export const LOCALES = ['en', 'es', 'fr', 'de', 'it', 'pt-BR', 'nl', 'pl', 'ja', 'ko', 'zh-CN', 'ar', 'he'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The template locale for what a caller asked: an exact match (case-insensitive), else the
 * language alone (`fr-CA` → `fr`, `pt` → `pt-BR`, `zh-TW` → `zh-CN`), else English.
 */
export function resolveLocale(asked: string | undefined): Locale {
  if (!asked) return 'en';
  const wanted = asked.trim().replace('_', '-').toLowerCase();
  const exact = LOCALES.find((l) => l.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((l) => l.split('-')[0]!.toLowerCase() === language) ?? 'en';
}

/** Locales written right to left. */
export function isRtl(locale: Locale): boolean {
  return locale === 'ar' || locale === 'he';
}
