import type { B2BAuthenticateResponse } from '../../client/b2b/types.ts';

/**
 * After an exchange or a create: a member session goes to Logged In. An answer that still needs
 * a second factor has no member session; the MFA screens are not built yet, so it is an error.
 */
export function signedInFrom(r: B2BAuthenticateResponse): { member: B2BAuthenticateResponse['member']; organization: B2BAuthenticateResponse['organization'] } {
  if (!r.member_session) throw new Error('This organization requires multi-factor authentication, which this widget does not offer yet.');
  return { member: r.member, organization: r.organization };
}
