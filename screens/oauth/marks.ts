import type { ReactNode } from 'react';
import type { OAuthProvider } from '../../client/schemas/oauth-providers.ts';
import * as mark from '../components/marks.tsx';

/** The login element's OAuth buttons' marks: one for each of its nineteen providers. */
export const consumerMarks: Record<OAuthProvider, ReactNode> = {
  google: mark.google,
  microsoft: mark.microsoft,
  apple: mark.apple,
  github: mark.github,
  gitlab: mark.gitlab,
  facebook: mark.facebook,
  discord: mark.discord,
  salesforce: mark.salesforce,
  slack: mark.slack,
  amazon: mark.amazon,
  bitbucket: mark.bitbucket,
  linkedin: mark.linkedin,
  coinbase: mark.coinbase,
  twitch: mark.twitch,
  twitter: mark.twitter,
  tiktok: mark.tiktok,
  snapchat: mark.snapchat,
  figma: mark.figma,
  yahoo: mark.yahoo,
};
