// eslint-disable-next-line no-restricted-imports -- the one place that calls React's own useId
import { useId } from 'react';

/**
 * A unique id for one element of a screen (a field and its label, an error and what it
 * describes): React's `useId` without its delimiters, which differ between React 18 (`:R1l:`),
 * carried by the widget files, and React 19 (`_R_1l_`), whose server renderer makes the first
 * screen's markup. The rest, the element's place in the tree, is the same in both, so the ids
 * a widget hydrates with equal the markup's. Letters, digits and the prefix's dashes only: a
 * valid CSS selector as it is.
 */
export function useWidgetId(): string {
  return useId().replace(/[^a-zA-Z0-9-]/g, '');
}
