import { expect } from '@open-wc/testing';
import { createStore } from 'jotai';
import type { B2BAuthenticateResponse, Member, Organization } from '../../../client/b2b/types.ts';
import { offeredMfaProducts, primaryOutcomeAtom, secondFactorOutcomeAtom, type OutcomeConfig } from '../../../screens/b2b/outcome.ts';
import { b2bEmailAtom, b2bErrorAtom, b2bOrganizationIdAtom, mfaAtom, primaryRequiredAtom, signedInAtom } from '../../../screens/b2b/state.ts';
import { screenAtom, transitionCountAtom } from '../../../screens/state/atoms.ts';

// The one place that decides what a B2B primary factor earns, driven through a bare store.

const org = (o: Partial<Organization> = {}): Organization =>
  ({
    organization_id: 'organization-test-1',
    organization_name: 'Acme',
    organization_slug: 'acme',
    mfa_methods: 'ALL_ALLOWED',
    allowed_mfa_methods: [],
    mfa_policy: 'REQUIRED_FOR_ALL',
    ...o,
  }) as Organization;
const member = (m: Partial<Member> = {}): Member =>
  ({
    member_id: 'member-test-1',
    organization_id: 'organization-test-1',
    email_address: 'ada@acme.test',
    email_address_verified: true,
    mfa_phone_number: '',
    mfa_phone_number_verified: false,
    totp_registration_id: '',
    default_mfa_method: '',
    ...m,
  }) as Member;
const answer = (r: Partial<B2BAuthenticateResponse> = {}): B2BAuthenticateResponse =>
  ({
    member_id: 'member-test-1',
    organization_id: 'organization-test-1',
    member_session: null,
    member: member(),
    organization: org(),
    member_authenticated: false,
    intermediate_session_token: 'ist',
    mfa_required: null,
    primary_required: null,
    ...r,
  }) as B2BAuthenticateResponse;
const config: OutcomeConfig = { products: ['emailOtp', 'passwords'], mfaProductInclude: undefined, mfaProductOrder: undefined };

function decide(response: B2BAuthenticateResponse, c: OutcomeConfig = config, from?: 'Discovery') {
  const store = createStore();
  const screen = store.set(primaryOutcomeAtom, { response, config: c, now: 1_000, from });
  expect(store.get(screenAtom)).to.equal(screen);
  // A move like any other: headings take focus after it.
  expect(store.get(transitionCountAtom)).to.equal(1);
  return { store, screen };
}

describe('the B2B primary factor outcome (primaryOutcomeAtom)', () => {
  it('a member session goes to Logged In with the member and organization', () => {
    const { store, screen } = decide(answer({ member_session: { member_session_id: 's' } as B2BAuthenticateResponse['member_session'], member_authenticated: true }));
    expect(screen).to.equal('LoggedIn');
    expect(store.get(signedInAtom)?.organization.organization_name).to.equal('Acme');
    expect(store.get(mfaAtom)).to.equal(undefined);
  });

  it('primary_required shows Main for that organization with only the allowed methods the widget offers, the address filled in', () => {
    const { store, screen } = decide(answer({ primary_required: { allowed_auth_methods: ['password', 'sso'] } }));
    expect(screen).to.equal('Main');
    expect(store.get(primaryRequiredAtom)).to.deep.include({ products: ['passwords'], email: 'ada@acme.test' });
    expect(store.get(b2bOrganizationIdAtom)).to.equal('organization-test-1');
    expect(store.get(b2bEmailAtom)).to.equal('ada@acme.test');
  });

  it('primary_required offers SSO when the organization has an active connection, and OAuth through a configured provider it allows', () => {
    const c: OutcomeConfig = { ...config, products: ['sso', 'oauth', 'emailOtp'], oauthOptions: { providers: [{ type: 'github' }, { type: 'google' }] } };
    const withSso = answer({
      primary_required: { allowed_auth_methods: ['sso', 'google_oauth'] },
      organization: org({ sso_active_connections: [{ connection_id: 'oidc-connection-1', display_name: 'Okta', identity_provider: 'okta' }] }),
    });
    const { store, screen } = decide(withSso, c);
    expect(screen).to.equal('Main');
    expect(store.get(primaryRequiredAtom)).to.deep.include({ products: ['sso', 'oauth'], allowedAuthMethods: ['sso', 'google_oauth'] });
    // No active connection, no configured provider it allows: nothing to offer.
    const none = decide(answer({ primary_required: { allowed_auth_methods: ['sso', 'slack_oauth'] }, organization: org({ sso_active_connections: [] }) }), c);
    expect(none.screen).to.equal('Error');
    expect(none.store.get(b2bErrorAtom)).to.include({ type: 'CannotJoinOrgDueToAuthPolicy' });
  });

  it('primary_required with no method the widget offers is CannotJoinOrgDueToAuthPolicy, naming the organization; from Discovery it may go back', () => {
    const none = decide(answer({ primary_required: { allowed_auth_methods: [] } }));
    expect(none.screen).to.equal('Error');
    expect(none.store.get(b2bErrorAtom)).to.deep.equal({ type: 'CannotJoinOrgDueToAuthPolicy', organizationName: 'Acme', allowedAuthMethods: [], canGoBack: false });
    expect(none.store.get(primaryRequiredAtom)).to.equal(undefined);
    const other = decide(answer({ primary_required: { allowed_auth_methods: ['magic_link'] } }), config, 'Discovery');
    expect(other.store.get(b2bErrorAtom)).to.deep.equal({ type: 'CannotJoinOrgDueToAuthPolicy', organizationName: 'Acme', allowedAuthMethods: ['magic_link'], canGoBack: true });
  });

  it('a code already texted by the sign-in goes straight to SMS OTP Entry, with when it was sent', () => {
    const { store, screen } = decide(
      answer({ member: member({ mfa_phone_number: '+15005550006', mfa_phone_number_verified: true }), mfa_required: { member_options: null, secondary_auth_initiated: 'sms_otp' } }),
    );
    expect(screen).to.equal('SMSOTPEntry');
    expect(store.get(mfaAtom)).to.deep.include({
      memberId: 'member-test-1',
      organizationId: 'organization-test-1',
      phone: '+15005550006',
      enrolled: ['smsOtp'],
      offered: ['totp', 'smsOtp'],
      enrolling: false,
      smsSentAt: 1_000,
    });
  });

  it('an enrolled member enters their default factor, else one they have that the organization allows', () => {
    const both = { mfa_phone_number: '+15005550006', mfa_phone_number_verified: true, totp_registration_id: 'member-totp-test-1' };
    expect(decide(answer({ member: member(both) })).screen).to.equal('TOTPEntry');
    expect(decide(answer({ member: member({ ...both, default_mfa_method: 'sms_otp' }) })).screen).to.equal('SMSOTPEntry');
    // The default the organization no longer allows is passed over.
    expect(decide(answer({ member: member({ ...both, default_mfa_method: 'sms_otp' }), organization: org({ mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['totp'] }) })).screen).to.equal(
      'TOTPEntry',
    );
    const { store } = decide(answer({ member: member(both) }));
    expect(store.get(mfaAtom)?.enrolling).to.equal(false);
  });

  it('a member with no factor enrols: the choice, or the one method the organization or the config leaves', () => {
    const choice = decide(answer());
    expect(choice.screen).to.equal('MFAEnrollmentSelection');
    expect(choice.store.get(mfaAtom)).to.deep.include({ enrolling: true, offered: ['totp', 'smsOtp'] });
    expect(decide(answer({ organization: org({ mfa_methods: 'RESTRICTED', allowed_mfa_methods: ['sms_otp'] }) })).screen).to.equal('SMSOTPEnrollment');
    expect(decide(answer(), { ...config, mfaProductInclude: ['totp'] }).screen).to.equal('TOTPEnrollmentQRCode');
    expect(decide(answer(), { ...config, mfaProductOrder: ['smsOtp', 'totp'] }).store.get(mfaAtom)?.offered).to.deep.equal(['smsOtp', 'totp']);
  });

  it('a proven second factor signs in; a member who just enrolled an authenticator first saves the recovery codes', () => {
    const session = { member_session: { member_session_id: 's' } as B2BAuthenticateResponse['member_session'], member_authenticated: true };
    const enrolling = decide(answer());
    enrolling.store.set(mfaAtom, { ...enrolling.store.get(mfaAtom)!, totp: { secret: 'S', qrCode: 'q', recoveryCodes: ['a'] } });
    expect(enrolling.store.set(secondFactorOutcomeAtom, { response: answer(session), method: 'totp' })).to.equal('RecoveryCodeSave');
    expect(enrolling.store.get(signedInAtom)?.member.member_id).to.equal('member-test-1');
    expect(enrolling.store.get(mfaAtom)?.totp?.recoveryCodes).to.deep.equal(['a']);
    const entering = decide(answer({ member: member({ totp_registration_id: 'member-totp-test-1' }) }));
    expect(entering.store.set(secondFactorOutcomeAtom, { response: answer(session), method: 'totp' })).to.equal('LoggedIn');
    expect(entering.store.get(screenAtom)).to.equal('LoggedIn');
    expect(entering.store.get(mfaAtom)).to.equal(undefined);
  });

  it('the MFA products offered: the organization’s restriction, else the include list, in mfaProductOrder', () => {
    expect(offeredMfaProducts([], undefined, undefined)).to.deep.equal(['totp', 'smsOtp']);
    expect(offeredMfaProducts([], undefined, ['smsOtp'])).to.deep.equal(['smsOtp', 'totp']);
    expect(offeredMfaProducts([], ['smsOtp'], ['totp'])).to.deep.equal(['smsOtp']);
    expect(offeredMfaProducts(['totp'], ['smsOtp'], undefined)).to.deep.equal(['totp']);
  });
});
