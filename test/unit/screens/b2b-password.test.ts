import { expect } from '@open-wc/testing';
import { verdictOf } from '../../../screens/components/strength/useStrengthCheck.ts';
import { zxcvbnSuggestionId } from '../../../screens/components/strength/zxcvbnWarnings.ts';
import { resolveB2BConfig } from '../../../screens/b2b/config.ts';
import { jitEligible } from '../../../screens/b2b/password/PasswordForgotForm.tsx';
import { landsOnReset, readResetLink } from '../../../screens/b2b/resetLink.ts';

// The B2B password screens' decisions: where a link lands, who may sign up by a reset, what the meter reads.

describe('B2B password reset landing', () => {
  const at = (q: string) => `https://app.test/login?${q}`;

  it('an organization reset link opens the reset form in any flow, with its token', () => {
    expect(readResetLink(at('stytch_token_type=multi_tenant_passwords&token=t1'), 'Discovery')).to.deep.equal({ token: 't1', type: 'multi_tenant_passwords' });
    expect(landsOnReset(at('stytch_token_type=multi_tenant_passwords&token=t1'), 'Organization')).to.equal(true);
  });

  it('a login link opens it only on the PasswordReset page; a discovery link only when it is a reset', () => {
    expect(readResetLink(at('stytch_token_type=multi_tenant_magic_links&token=t2'), 'Organization')).to.equal(undefined);
    expect(readResetLink(at('stytch_token_type=multi_tenant_magic_links&token=t2'), 'PasswordReset')).to.deep.equal({ token: 't2', type: 'multi_tenant_magic_links' });
    expect(landsOnReset(at('stytch_token_type=discovery&token=t3'), 'Discovery')).to.equal(false);
    expect(readResetLink(at('stytch_token_type=discovery&stytch_redirect_type=reset_password&token=t4'), 'Discovery')).to.deep.equal({ token: 't4', type: 'discovery' });
    expect(readResetLink(at('stytch_token_type=multi_tenant_passwords'), 'Discovery')).to.equal(undefined);
  });

  it("stytch_redirect_type: 'reset_password' puts any flow in the reset flow (as the official); 'login' and 'signup' links sign in", () => {
    expect(readResetLink(at('stytch_redirect_type=reset_password&stytch_token_type=multi_tenant_magic_links&token=t5'), 'Organization')).to.deep.equal({
      token: 't5',
      type: 'multi_tenant_magic_links',
    });
    expect(landsOnReset(at('stytch_redirect_type=reset_password&stytch_token_type=multi_tenant_passwords&token=t6'), 'Discovery')).to.equal(true);
    expect(landsOnReset(at('stytch_redirect_type=login&stytch_token_type=multi_tenant_magic_links&token=t7'), 'Organization')).to.equal(false);
    expect(landsOnReset(at('stytch_redirect_type=signup&stytch_token_type=multi_tenant_magic_links&token=t8'), 'Discovery')).to.equal(false);
    expect(landsOnReset(at('stytch_redirect_type=login&stytch_token_type=discovery&token=t9'), 'Discovery')).to.equal(false);
  });

  it('the PasswordReset flow opens on the form without a link (a signed-in member sets a password)', () => {
    expect(landsOnReset(at(''), 'PasswordReset')).to.equal(true);
    expect(landsOnReset(undefined, 'Discovery')).to.equal(false);
  });
});

describe('B2B password config', () => {
  it('accepts the official PasswordReset flow and every passwordOptions field', () => {
    const r = resolveB2BConfig({
      products: ['passwords'],
      authFlowType: 'PasswordReset',
      passwordOptions: {
        loginRedirectURL: 'https://a.test/l',
        discoveryRedirectURL: 'https://a.test/d',
        resetPasswordRedirectURL: 'https://a.test/r',
        resetPasswordExpirationMinutes: 20,
        resetPasswordTemplateId: 'tpl',
        verifyEmailTemplateId: 'v',
        locale: 'es',
      },
    });
    expect(r.ok).to.equal(true);
  });

  it('refuses an expiry outside 5 to 10080 minutes, naming the option', () => {
    const r = resolveB2BConfig({ products: ['passwords'], authFlowType: 'Organization', passwordOptions: { resetPasswordExpirationMinutes: 2 } });
    expect(r.ok).to.equal(false);
    expect(!r.ok && r.message).to.contain('config.passwordOptions.resetPasswordExpirationMinutes');
  });
});

describe('B2B forgot password: who the organization would admit', () => {
  it('follows the organization email JIT provisioning', () => {
    expect(jitEligible({ email_jit_provisioning: 'ALL_ALLOWED' }, 'a@x.test')).to.equal(true);
    expect(jitEligible({ email_jit_provisioning: 'NOT_ALLOWED' }, 'a@x.test')).to.equal(false);
    expect(jitEligible({ email_jit_provisioning: 'RESTRICTED', email_allowed_domains: ['x.test'] }, 'a@X.test')).to.equal(true);
    expect(jitEligible({ email_jit_provisioning: 'RESTRICTED', email_allowed_domains: ['x.test'] }, 'a@y.test')).to.equal(false);
  });
});

describe('the strength verdict of either line', () => {
  it('reads the B2B shape as the shared one', () => {
    const v = verdictOf({
      valid_password: false,
      score: 1,
      breached_password: true,
      breach_detection_on_create: true,
      strength_policy: 'zxcvbn',
      zxcvbn_feedback: { warning: 'This is a heavily used password.', suggestions: ['Add more words that are less common.'] },
      luds_feedback: { has_digit: false, has_lower_case: true, has_symbol: false, has_upper_case: false, missing_characters: 0, missing_complexity: 0 },
    });
    expect(v.feedback.warning).to.equal('This is a heavily used password.');
    expect(v.feedback.suggestions).to.deep.equal(['Add more words that are less common.']);
    expect(v.feedback.luds_requirements.has_lower_case).to.equal(true);
    expect(v.breached_password).to.equal(true);
  });

  it("names zxcvbn's suggestions in both wordings by the official B2B ids", () => {
    expect(zxcvbnSuggestionId('Add more words that are less common.')).to.equal('password.zxcvbn.suggestion.addWords');
    expect(zxcvbnSuggestionId('Add another word or two. Uncommon words are better.')).to.equal('password.zxcvbn.suggestion.addWords');
    expect(zxcvbnSuggestionId('Something new.')).to.equal(undefined);
  });
});
