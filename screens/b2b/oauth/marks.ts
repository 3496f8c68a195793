import type { ReactNode } from 'react';
import type { B2BOAuthProvider } from '../../../client/schemas/b2b-oauth-providers.ts';
import * as mark from '../../components/marks.tsx';

/** The B2B element's OAuth buttons' marks: its five providers. */
export const businessMarks: Record<B2BOAuthProvider, ReactNode> = {
  google: mark.google,
  microsoft: mark.microsoft,
  hubspot: mark.hubspot,
  slack: mark.slack,
  github: mark.github,
};
