import { atom, useSetAtom } from 'jotai';
import { startTransition, useCallback } from 'react';
import type { B2BAuthenticateResponse } from '../../client/b2b/types.ts';
import { transitionAtom, type B2BScreenName } from '../state/atoms.ts';
import { SHOWN_PRODUCTS, type B2BConfig, type B2BProduct, type MfaProduct } from './config.ts';
import { b2bEmailAtom, b2bErrorAtom, b2bOrganizationIdAtom, mfaAtom, primaryRequiredAtom, signedInAtom, type MfaState } from './state.ts';
import { useB2B } from './widget.ts';

/*
 * What a proven B2B primary factor earns, decided in one place (the official UI's
 * `primary_authenticate_success`). Every B2B sign-in (a discovery exchange or create, an
 * organization's code, link or password) hands its answer here:
 *   - a member session: Logged In;
 *   - another primary factor required: Main for that organization with only the methods it
 *     allows, or CannotJoinOrgDueToAuthPolicy when the widget offers none of them;
 *   - a second factor owed: its entry screen (the member's default, else one they have, or SMS
 *     OTP Entry when sign-in already texted the code), else enrolment.
 */

/** The official order of the MFA products (`B2B_MFA_METHODS`). */
export const ALL_MFA_PRODUCTS: readonly MfaProduct[] = ['totp', 'smsOtp'];

/** The wire's MFA method names as the config's products. */
export function mfaProductOf(method: string): MfaProduct | undefined {
  return method === 'totp' ? 'totp' : method === 'sms_otp' ? 'smsOtp' : undefined;
}

/** An organization's allowed authentication methods (`allowed_auth_methods`) as the config's products. */
export function productOfAuthMethod(method: string): B2BProduct | undefined {
  if (method === 'magic_link') return 'emailMagicLinks';
  if (method === 'email_otp') return 'emailOtp';
  if (method === 'password') return 'passwords';
  if (method === 'sso') return 'sso';
  if (method.endsWith('_oauth')) return 'oauth';
  return undefined;
}

/**
 * Whether Main can offer `product` to an organization that allows `allowed`: OAuth through a
 * configured provider it allows, SSO through one of its active connections.
 */
function offersProduct(product: B2BProduct, allowed: readonly string[], config: OutcomeConfig, organization: Record<string, unknown>): boolean {
  if (product === 'oauth') return (config.oauthOptions?.providers ?? []).some((p) => allowed.includes(`${p.type}_oauth`));
  if (product === 'sso') return allowed.includes('sso') && Array.isArray(organization.sso_active_connections) && organization.sso_active_connections.length > 0;
  return allowed.some((m) => productOfAuthMethod(m) === product);
}

/** The primary methods an organization's Main shows (what it cannot show cannot satisfy a policy). */
const MAIN_PRODUCTS: readonly B2BProduct[] = SHOWN_PRODUCTS.Organization;

/**
 * The MFA products a member may enrol in: the organization's restriction where it has one,
 * else the config's `mfaProductInclude`, else both; in `mfaProductOrder`'s order, then the official one.
 */
export function offeredMfaProducts(orgAllowed: readonly MfaProduct[], include: readonly MfaProduct[] | undefined, order: readonly MfaProduct[] | undefined): MfaProduct[] {
  const enabled = orgAllowed.length > 0 ? orgAllowed : include?.length ? include : ALL_MFA_PRODUCTS;
  const first = (order ?? []).filter((p) => enabled.includes(p));
  return [...new Set([...first, ...ALL_MFA_PRODUCTS.filter((p) => enabled.includes(p))])];
}

/** The part of the config the outcome reads. */
export type OutcomeConfig = Pick<B2BConfig, 'products' | 'mfaProductInclude' | 'mfaProductOrder'> & { oauthOptions?: Pick<B2BConfig['oauthOptions'], 'providers'> };

export interface PrimaryOutcome {
  response: B2BAuthenticateResponse;
  config: OutcomeConfig;
  /** The clock (ms): when an SMS code sent by the sign-in itself was sent. */
  now: number;
  /** Where the sign-in came from: a refusal on Discovery leads back to its list. */
  from?: 'Discovery' | undefined;
}

/** The one "primary factor proven" step: sets the state the next screen reads, moves to it, and returns its name. */
export const primaryOutcomeAtom = atom(null, (_get, set, { response: r, config, now, from }: PrimaryOutcome): B2BScreenName => {
  const go = (screen: B2BScreenName) => {
    set(transitionAtom, screen);
    return screen;
  };
  if (r.member_session) {
    set(mfaAtom, undefined);
    set(primaryRequiredAtom, undefined);
    set(signedInAtom, { member: r.member, organization: r.organization });
    return go('LoggedIn');
  }
  if (r.primary_required) {
    const allowed = r.primary_required.allowed_auth_methods;
    const products = config.products.filter((p) => MAIN_PRODUCTS.includes(p) && offersProduct(p, allowed, config, r.organization));
    if (products.length === 0) {
      set(b2bErrorAtom, { type: 'CannotJoinOrgDueToAuthPolicy', organizationName: r.organization.organization_name || undefined, allowedAuthMethods: allowed, canGoBack: from === 'Discovery' });
      return go('Error');
    }
    set(primaryRequiredAtom, { organization: r.organization, products, email: r.member.email_address, allowedAuthMethods: allowed });
    set(b2bOrganizationIdAtom, r.organization.organization_id);
    set(b2bEmailAtom, r.member.email_address);
    return go('Main');
  }
  const m = r.member;
  const enrolled = ALL_MFA_PRODUCTS.filter((p) => (p === 'totp' ? !!m.totp_registration_id : m.mfa_phone_number_verified));
  const orgAllowed = r.organization.mfa_methods === 'RESTRICTED' ? r.organization.allowed_mfa_methods.map(mfaProductOf).filter((p): p is MfaProduct => !!p) : [];
  const supported = (p: MfaProduct) => orgAllowed.length === 0 || orgAllowed.includes(p);
  const preferred = mfaProductOf(m.default_mfa_method);
  const smsSent = r.mfa_required?.secondary_auth_initiated === 'sms_otp';
  const entry = smsSent ? 'smsOtp' : preferred && supported(preferred) && enrolled.includes(preferred) ? preferred : enrolled.find(supported);
  const state: MfaState = {
    memberId: r.member_id,
    organizationId: r.organization.organization_id,
    organization: r.organization,
    phone: m.mfa_phone_number ?? '',
    enrolled,
    offered: offeredMfaProducts(orgAllowed, config.mfaProductInclude, config.mfaProductOrder),
    enrolling: entry === undefined,
    smsSentAt: smsSent ? now : undefined,
    totp: undefined,
  };
  set(primaryRequiredAtom, undefined);
  set(mfaAtom, state);
  if (entry === 'totp') return go('TOTPEntry');
  if (entry === 'smsOtp') return go('SMSOTPEntry');
  // Enrolment: straight to the one method offered, else the choice.
  if (state.offered.length === 1) return go(state.offered[0] === 'totp' ? 'TOTPEnrollmentQRCode' : 'SMSOTPEnrollment');
  return go('MFAEnrollmentSelection');
});

/**
 * What a proven second factor earns: the member session (Logged In), except that a member who
 * just enrolled an authenticator first sees the recovery codes that came with it, once.
 */
export const secondFactorOutcomeAtom = atom(null, (get, set, { response: r, method }: { response: B2BAuthenticateResponse; method: 'totp' | 'smsOtp' | 'recoveryCode' }): B2BScreenName => {
  const mfa = get(mfaAtom);
  set(signedInAtom, { member: r.member, organization: r.organization });
  if (method === 'totp' && mfa?.enrolling && mfa.totp) {
    set(transitionAtom, 'RecoveryCodeSave');
    return 'RecoveryCodeSave';
  }
  set(mfaAtom, undefined);
  set(transitionAtom, 'LoggedIn');
  return 'LoggedIn';
});

/** The hook the MFA screens call with a second factor's answer, inside a transition. */
export function useSecondFactorOutcome(method: 'totp' | 'smsOtp' | 'recoveryCode'): (response: B2BAuthenticateResponse) => void {
  const set = useSetAtom(secondFactorOutcomeAtom);
  return useCallback((response: B2BAuthenticateResponse) => startTransition(() => void set({ response, method })), [set, method]);
}

/**
 * The hook every B2B sign-in calls with its answer: the outcome above, inside a transition (the
 * current screen stays until the next has loaded, as with `useGo()`).
 */
export function usePrimaryOutcome(from?: 'Discovery'): (response: B2BAuthenticateResponse) => void {
  const { config, env } = useB2B();
  const set = useSetAtom(primaryOutcomeAtom);
  return useCallback((response: B2BAuthenticateResponse) => startTransition(() => void set({ response, config, now: env.timers.now(), from })), [config, env, set, from]);
}
