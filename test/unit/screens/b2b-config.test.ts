import { expect } from '@open-wc/testing';
import { AUTH_FLOW_TYPES, B2B_PRODUCTS, resolveB2BConfig } from '../../../screens/b2b/config.ts';
import { allowedMethodLabels } from '../../../screens/b2b/result/B2BError.tsx';

// How `<stytch-b2b-ui>` resolves its config (issue 26): what would render an empty card is
// refused with a config error naming why; the options of the official config are read.

const message = (c: unknown) => {
  const r = resolveB2BConfig(c);
  return r.ok ? 'ok' : r.message;
};

/** Every non-empty set of products, in the official order. */
function everyProductSet(): string[][] {
  const sets: string[][] = [];
  for (let mask = 1; mask < 1 << B2B_PRODUCTS.length; mask++) sets.push(B2B_PRODUCTS.filter((_, i) => mask & (1 << i)));
  return sets;
}

describe('B2B config resolution', () => {
  it('refuses, in every flow, exactly the product sets Main would show nothing for, naming why', () => {
    // Main draws the email form (links, codes), the password form and the SSO button; OAuth
    // draws a button per provider, so OAuth with no provider named is the one empty card.
    const rendered = new Set(['emailMagicLinks', 'emailOtp', 'passwords', 'sso']);
    let refused = 0;
    for (const flow of AUTH_FLOW_TYPES) {
      for (const products of everyProductSet()) {
        const m = message({ products, authFlowType: flow });
        const withProvider = message({ products, authFlowType: flow, oauthOptions: { providers: ['google'] } });
        if (products.some((p) => rendered.has(p))) expect(m, `${flow}: ${products.join(',')}`).to.equal('ok');
        else {
          refused++;
          expect(m, `${flow}: ${products.join(',')}`).to.equal('Invalid B2B config: config.oauthOptions.providers: must name at least one provider for the oauth product');
          expect(withProvider, `${flow}: ${products.join(',')} with a provider`).to.equal('ok');
        }
      }
    }
    // oauth alone, in each of the three flows.
    expect(refused).to.equal(3);
  });

  it('reads directCreateOrganizationForNoMembership (off unless set) and refuses a non-boolean by name', () => {
    const off = resolveB2BConfig({ products: ['emailOtp'], authFlowType: 'Discovery' });
    expect(off.ok && off.value.directCreateOrganizationForNoMembership).to.equal(false);
    const on = resolveB2BConfig({ products: ['emailOtp'], authFlowType: 'Discovery', directCreateOrganizationForNoMembership: true });
    expect(on.ok && on.value.directCreateOrganizationForNoMembership).to.equal(true);
    expect(message({ products: ['emailOtp'], authFlowType: 'Discovery', directCreateOrganizationForNoMembership: 'yes' })).to.equal(
      'Invalid B2B config: config.directCreateOrganizationForNoMembership: must be true or false',
    );
  });

  it('reads the link lifetimes and smsOtpOptions.locale, refusing bad values by name', () => {
    const r = resolveB2BConfig({
      products: ['emailMagicLinks'],
      authFlowType: 'Discovery',
      emailMagicLinksOptions: { loginExpirationMinutes: 30, signupExpirationMinutes: 60, discoveryExpirationMinutes: 15 },
      smsOtpOptions: { locale: 'pt-BR' },
    });
    expect(r.ok && [r.value.emailMagicLinksOptions.discoveryExpirationMinutes, r.value.emailMagicLinksOptions.loginExpirationMinutes, r.value.smsOtpOptions.locale]).to.deep.equal([15, 30, 'pt-BR']);
    expect(message({ products: ['emailMagicLinks'], authFlowType: 'Discovery', emailMagicLinksOptions: { loginExpirationMinutes: 0 } })).to.match(
      /^Invalid B2B config: config\.emailMagicLinksOptions\.loginExpirationMinutes: /,
    );
    expect(message({ products: ['emailMagicLinks'], authFlowType: 'Discovery', emailMagicLinksOptions: { discoveryExpirationMinutes: 2.5 } })).to.equal(
      'Invalid B2B config: config.emailMagicLinksOptions.discoveryExpirationMinutes: must be a whole number',
    );
    expect(message({ products: ['emailOtp'], authFlowType: 'Discovery', smsOtpOptions: { locale: 7 } })).to.equal('Invalid B2B config: config.smsOtpOptions.locale: must be a string');
  });

  it('names the methods of an auth-policy refusal it knows, in the organization’s order, once each', () => {
    expect(allowedMethodLabels(['sso', 'google_oauth', 'password', 'magic_link', 'email_otp', 'no_such_method', 'sso'])).to.deep.equal([
      'provider.continueWithSSO',
      'oauth.continueWithGoogle',
      'password.login.title',
      'emailMethodSelection.link',
      'emailMethodSelection.code',
    ]);
    expect(allowedMethodLabels([])).to.deep.equal([]);
  });
});
