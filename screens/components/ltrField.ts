import type { CSSObject } from '@emotion/react';

/**
 * The style of a field whose value reads left to right in every language (an email, a phone
 * number, a code), which carries `dir="ltr"`. In a right-to-left layout its text and its
 * placeholder still sit at the layout's start (the right), where the eye looks for them. A
 * value too long for the field shows its start and ends in an ellipsis while not being edited.
 */
export function ltrFieldCss(dir: 'ltr' | 'rtl'): CSSObject {
  return dir === 'rtl' ? { textOverflow: 'ellipsis', textAlign: 'right' } : { textOverflow: 'ellipsis' };
}
