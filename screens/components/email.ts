import { EMAIL_PATTERN } from '../../client/schemas/fields.ts';

/** Whether the text is an email address: the same pattern the client checks (SPEC §5). */
export function isEmail(text: string): boolean {
  return EMAIL_PATTERN.test(text.trim());
}
