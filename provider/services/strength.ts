import { createRequire } from 'node:module';
import type * as Core from '@zxcvbn-ts/core';
import type * as Common from '@zxcvbn-ts/language-common';
import type * as En from '@zxcvbn-ts/language-en';
import type { B2BStrengthCheckResult, StrengthCheckResult } from '../../client/schemas/index.ts';
import type { ProjectConfig } from '../config.ts';

/**
 * zxcvbn's dictionaries, loaded on the first password judged: parsing them took 277 ms and
 * ranking them 241 ms (measured), which every provider process paid at start, most of them
 * (a worker that only checks sessions, most test processes) without ever judging a password.
 */
let dictionaries: { zxcvbn: Core.ZxcvbnFactory; breached: Set<string> } | undefined;

function loaded(): NonNullable<typeof dictionaries> {
  if (dictionaries) return dictionaries;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory } = require('@zxcvbn-ts/core') as typeof Core;
  const common = require('@zxcvbn-ts/language-common') as typeof Common;
  const en = require('@zxcvbn-ts/language-en') as typeof En;
  dictionaries = {
    zxcvbn: new ZxcvbnFactory({ translations: en.translations, graphs: common.adjacencyGraphs, dictionary: { ...common.dictionary, ...en.dictionary } }),
    // The offline common/breached list: zxcvbn-ts's common password dictionary.
    breached: new Set(common.dictionary['passwords-common'].map((p) => p.toLowerCase())),
  };
  return dictionaries;
}

/** Whether the password is on the offline breached list. */
export function isBreached(password: string): boolean {
  return loaded().breached.has(password.toLowerCase());
}

/** The answer of `passwords/strength_check`: the shared wire shape. */
export type StrengthResult = StrengthCheckResult;

/** Judges a password by the project's policy; the email's local part counts as a guessable input. */
export function checkStrength(policy: ProjectConfig['passwordPolicy'], password: string, email?: string): StrengthResult {
  const breachedPassword = isBreached(password);
  const classes = {
    has_digit: /\d/.test(password),
    has_lower_case: /\p{Ll}/u.test(password),
    has_symbol: /[^\p{L}\p{N}]/u.test(password),
    has_upper_case: /\p{Lu}/u.test(password),
  };
  const present = Object.values(classes).filter(Boolean).length;
  if (policy.policy === 'luds') {
    const missingCharacters = Math.max(0, policy.minimumCount - [...password].length);
    const missingComplexity = Math.max(0, policy.complexity - present);
    const valid = missingCharacters === 0 && missingComplexity === 0 && !breachedPassword;
    return {
      valid_password: valid,
      score: valid ? 4 : 0,
      breached_password: breachedPassword,
      breach_detection_on_create: true,
      strength_policy: 'luds',
      feedback: { warning: '', suggestions: [], luds_requirements: { ...classes, missing_characters: missingCharacters, missing_complexity: missingComplexity } },
    };
  }
  // zxcvbn is costly on very long inputs; past 100 characters the score cannot drop.
  const inputs = email ? [email, email.split('@')[0]!] : [];
  const result = loaded().zxcvbn.check(password.slice(0, 100), inputs);
  const valid = result.score >= 3 && !breachedPassword;
  return {
    valid_password: valid,
    score: result.score,
    breached_password: breachedPassword,
    breach_detection_on_create: true,
    strength_policy: 'zxcvbn',
    feedback: {
      warning: result.feedback.warning ?? '',
      suggestions: result.feedback.suggestions,
      luds_requirements: { ...classes, missing_characters: 0, missing_complexity: 0 },
    },
  };
}

/** The B2B wire shape of the same verdict: `zxcvbn_feedback` and `luds_feedback` instead of `feedback`. */
export function b2bStrength({ feedback, ...verdict }: StrengthResult): B2BStrengthCheckResult {
  return { ...verdict, zxcvbn_feedback: { warning: feedback.warning, suggestions: feedback.suggestions }, luds_feedback: feedback.luds_requirements };
}
