import { atom } from 'jotai';
import type { DiscoveredOrganization, Member, Organization } from '../../client/b2b/types.ts';
import type { MfaProduct } from './config.ts';

// `<stytch-b2b-ui>`'s state beside the shared screen atom. Atoms are module constants; their
// values live in each element's own store, so two widgets on one page never share them.

/** The address the user signs in with (sent to, shown back, kept for 'Try again'). */
export const b2bEmailAtom = atom('');
/** What the discovery sign-in found. */
export const discoveredAtom = atom<DiscoveredOrganization[]>([]);
/** The member session's member and organization, for Logged In. */
export const signedInAtom = atom<{ member: Member; organization: Organization } | undefined>(undefined);
/** The organization the email screens sign in to (the Organization flow, or a second primary factor); unset: discovery. */
export const b2bOrganizationIdAtom = atom<string | undefined>(undefined);

/**
 * What the Error screen says: the official error types (its sub-views). Default: a failure's own
 * text, or the generic one; EmailMagicLink: a link that could not sign in; Organization: no
 * organization at the slug; AdBlockerDetected: the provider says a blocker stopped the request;
 * CannotJoinOrgDueToAuthPolicy: the organization allows none of the widget's methods (the ones
 * it allows are listed).
 */
export type B2BError =
  | { type: 'Default'; message?: string | undefined }
  | { type: 'EmailMagicLink' }
  | { type: 'Organization' }
  | { type: 'AdBlockerDetected' }
  | { type: 'CannotJoinOrgDueToAuthPolicy'; organizationName?: string | undefined; allowedAuthMethods: string[]; canGoBack: boolean };
export const b2bErrorAtom = atom<B2BError>({ type: 'Default' });

/**
 * The organization asks for another primary factor (`primary_required`): Main shows that
 * organization and only these products, with the address already proven; of the OAuth
 * providers, those `allowedAuthMethods` names.
 */
export const primaryRequiredAtom = atom<{ organization: Organization; products: string[]; email: string; allowedAuthMethods?: string[] | undefined } | undefined>(undefined);

/** What the MFA screens know of the member who proved a primary factor and still owes a second one. */
export interface MfaState {
  memberId: string;
  organizationId: string;
  organization: Organization;
  /** The member's MFA phone, verified or not ('' when none). */
  phone: string;
  /** The factors the member has (a verified phone, an authenticator). */
  enrolled: MfaProduct[];
  /** The products the member may enrol in: the organization's restriction, else the config's include list, in the config's order. */
  offered: MfaProduct[];
  /** No factor yet: the member is enrolling (TOTP entry then shows the recovery codes). */
  enrolling: boolean;
  /** When the texted code was sent (clock ms): set by primary sign-in when it already texted one (`secondary_auth_initiated`). */
  smsSentAt: number | undefined;
  /** The authenticator being enrolled: its secret, QR image and recovery codes. */
  totp: { secret: string; qrCode: string; recoveryCodes: string[] } | undefined;
}
export const mfaAtom = atom<MfaState | undefined>(undefined);

/**
 * The organization the password screens act in (Organization Main's, or the one that asked for
 * another primary factor); unset: Discovery, where a password lists the organizations instead.
 */
export const passwordOrganizationAtom = atom<(Partial<Organization> & { organization_id: string }) | undefined>(undefined);
