import type { passwordMessages } from '../../i18n/en/password.ts';

/** The catalog ids of zxcvbn's warnings (the English part holds a text for each). */
export type ZxcvbnWarningId = Extract<keyof typeof passwordMessages, `password.zxcvbn.warning.${string}`>;
type ZxcvbnWarningKey = ZxcvbnWarningId extends `password.zxcvbn.warning.${infer K}` ? K : never;

/**
 * zxcvbn's warning, which the provider sends in English, to the official message id of the
 * same warning: both wordings (zxcvbn-ts's, which our provider sends, and the original
 * zxcvbn's, which the hosted provider sends) name one id, whose text every locale's catalog
 * (and a site's `strings`) holds, so the warning reads in the widget's language.
 */
const IDS: Record<string, ZxcvbnWarningKey> = {
  'Straight rows of keys on your keyboard are easy to guess.': 'straightRows',
  'Straight rows of keys are easy to guess.': 'straightRows',
  'Short keyboard patterns are easy to guess.': 'shortKeyboardPatterns',
  'Repeated characters like "aaa" are easy to guess.': 'repeats',
  'Repeats like "aaa" are easy to guess.': 'repeats',
  'Repeated character patterns like "abcabcabc" are easy to guess.': 'longerRepeats',
  'Repeats like "abcabcabc" are only slightly harder to guess than "abc".': 'longerRepeats',
  'Common character sequences like "abc" are easy to guess.': 'sequences',
  'Sequences like abc or 6543 are easy to guess.': 'sequences',
  'Recent years are easy to guess.': 'recentYears',
  'Dates are easy to guess.': 'dates',
  'Dates are often easy to guess.': 'dates',
  'This is a heavily used password.': 'top10CommonPassword',
  'This is a top-10 common password.': 'top10CommonPassword',
  'This is a frequently used password.': 'top100CommonPassword',
  'This is a top-100 common password.': 'top100CommonPassword',
  'This is a commonly used password.': 'veryCommonPassword',
  'This is a very common password.': 'veryCommonPassword',
  'This is similar to a commonly used password.': 'similarToCommonPassword',
  'Single words are easy to guess.': 'wordByItself',
  'A word by itself is easy to guess.': 'wordByItself',
  'Single names or surnames are easy to guess.': 'names',
  'Names and surnames by themselves are easy to guess.': 'names',
  'Common names and surnames are easy to guess.': 'commonNames',
};

/** The message id of a zxcvbn warning, or undefined for one we do not know. */
export function zxcvbnWarningId(warning: string): ZxcvbnWarningId | undefined {
  const key = IDS[warning.trim()];
  return key ? (`password.zxcvbn.warning.${key}` as ZxcvbnWarningId) : undefined;
}

/*
 * zxcvbn's suggestions, which the B2B element lists under the meter (the official B2B UI's
 * feedback): both wordings name one official B2B id (`password.zxcvbn.suggestion.*`).
 */
const SUGGESTIONS: Record<string, string> = {
  "Avoid predictable letter substitutions like '@' for 'a'.": 'predictableSubstitutions',
  "Predictable substitutions like '@' instead of 'a' don't help very much.": 'predictableSubstitutions',
  'Avoid reversed spellings of common words.': 'reversed',
  "Reversed words aren't much harder to guess.": 'reversed',
  'Capitalize some, but not all letters.': 'allUppercase',
  'All-uppercase is almost as easy to guess as all-lowercase.': 'allUppercase',
  'Capitalize more than the first letter.': 'capitalization',
  "Capitalization doesn't help very much.": 'capitalization',
  'Avoid dates and years that are associated with you.': 'avoidDatesAndYearsAssociatedWithYou',
  'Avoid recent years.': 'avoidRecentYears',
  'Avoid years that are associated with you.': 'avoidYearsAssociatedWithYou',
  'Avoid common character sequences.': 'avoidSequences',
  'Avoid sequences.': 'avoidSequences',
  'Avoid repeated words and characters.': 'avoidRepeats',
  'Use longer keyboard patterns and change typing direction multiple times.': 'longerKeyboardPattern',
  'Use a longer keyboard pattern with more turns.': 'longerKeyboardPattern',
  'Add more words that are less common.': 'addWords',
  'Add another word or two. Uncommon words are better.': 'addWords',
  'Use multiple words, but avoid common phrases.': 'useAFewWords',
  'Use a few words, avoid common phrases.': 'useAFewWords',
  'You can create strong passwords without using symbols, numbers, or uppercase letters.': 'noSymbolsDigitsUppercase',
  'No need for symbols, digits, or uppercase letters.': 'noSymbolsDigitsUppercase',
};

/** The official B2B message id of a zxcvbn suggestion, or undefined for one we do not know. */
export function zxcvbnSuggestionId(suggestion: string): `password.zxcvbn.suggestion.${string}` | undefined {
  const key = SUGGESTIONS[suggestion.trim()];
  return key ? `password.zxcvbn.suggestion.${key}` : undefined;
}
