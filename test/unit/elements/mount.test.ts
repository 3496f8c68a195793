import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { InvalidMountCallError, MountTargetNotFoundError, mountLogin, mountPasskeyRegistration, mountResetPassword } from '../../../elements/index.ts';
import { rootOf, settle } from './helpers.ts';

describe('mount functions', () => {
  it('renders on the first mountLogin call', async () => {
    const host = await fixture<HTMLDivElement>(html`<div id="first"></div>`);
    const el = mountLogin({ elementId: '#first' });
    await settle(el);
    expect(host.querySelector('stytch-ui')).to.equal(el);
    expect(el.querySelector('h1')?.textContent).to.equal('Sign up or log in');
  });

  it('re-mounting into the same element re-renders the same widget', async () => {
    const host = await fixture<HTMLDivElement>(html`<div id="again"></div>`);
    const first = mountLogin({ elementId: '#again' });
    await settle(first);
    const second = mountLogin({ elementId: '#again', config: { products: ['passkeys'] } });
    await settle(second);
    expect(second).to.equal(first);
    expect(host.querySelectorAll('stytch-ui').length).to.equal(1);
    expect(second.querySelector('[role="alert"]')?.textContent).to.equal('Error: Cannot use Passkeys by itself, please add another product to the config.');
    mountLogin({ elementId: '#again', config: { products: ['otp'] }, styles: { hideHeaderText: false } });
    await settle(second);
    expect(second.querySelector('h1')?.textContent).to.equal('Sign up or log in');
  });

  it('re-mounting with enableShadowDOM switched replaces the element', async () => {
    const host = await fixture<HTMLDivElement>(html`<div id="switch"></div>`);
    const light = mountLogin({ elementId: '#switch' });
    await settle(light);
    const shadow = mountLogin({ elementId: '#switch', config: { enableShadowDOM: true } });
    await settle(shadow);
    expect(host.querySelectorAll('stytch-ui').length).to.equal(1);
    expect(shadow.shadowRoot?.querySelector('h1')?.textContent).to.equal('Sign up or log in');
  });

  it('throws the SPEC §8 error for a selector that matches nothing', () => {
    let error: unknown;
    try {
      mountLogin({ elementId: '#missing' });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(MountTargetNotFoundError);
    expect((error as Error).message).to.equal(
      'The selector you specified (#missing) applies to no DOM elements that are currently on the page. Make sure the element exists on the page before calling mountLogin().',
    );
    expect(() => mountResetPassword({ elementId: '.nothing' })).to.throw(MountTargetNotFoundError, 'before calling mountResetPassword().');
    expect(() => mountPasskeyRegistration({ elementId: '.nothing' })).to.throw(MountTargetNotFoundError, 'before calling mountPasskeyRegistration().');
  });

  it('refuses an elementId that is not a selector with a usage error', () => {
    expect(() => mountLogin({ elementId: '' })).to.throw(InvalidMountCallError, 'Invalid call to mountLogin: elementId must be a non-empty CSS selector string');
    expect(() => mountLogin({} as { elementId: string })).to.throw(InvalidMountCallError);
    expect(() => mountLogin({ elementId: '#[' })).to.throw(InvalidMountCallError, 'Invalid call to mountLogin: elementId (#[) is not a valid CSS selector');
  });

  it('mountResetPassword takes the token; mountPasskeyRegistration starts at its screen', async () => {
    await fixture<HTMLDivElement>(
      html`<div>
        <div id="reset"></div>
        <div id="passkey"></div>
      </div>`,
    );
    const reset = mountResetPassword({ elementId: '#reset', passwordResetToken: 'tok', config: { enableShadowDOM: true } });
    const passkey = mountPasskeyRegistration({ elementId: '#passkey' });
    await waitUntil(() => reset.shadowRoot?.querySelector('h1') && passkey.querySelector('[role="alert"]'), 'both lazy flows render');
    expect(reset.passwordResetToken).to.equal('tok');
    expect(reset.shadowRoot?.querySelector('h1')?.textContent).to.equal('Reset your password');
    // No client, so no signed-in user: the registration start shows its SPEC §2 error.
    expect(passkey.querySelector('[role="alert"]')?.textContent).to.equal('Error: Cannot use PasskeyRegistration component without active user authenticated.');
  });

  describe('config rules of SPEC §1, shown inside the element', () => {
    const cases: Array<[string, Record<string, unknown>, string | null]> = [
      ['passkeys alone', { products: ['passkeys'] }, 'Error: Cannot use Passkeys by itself, please add another product to the config.'],
      ['magic links with email OTP', { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } }, 'Error: Cannot use both EML and Email OTP'],
      ['magic links with SMS OTP', { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } }, null],
      ['passkeys with another product', { products: ['passkeys', 'passwords'] }, null],
      ['no products: magic links by default', {}, null],
      [
        'an unknown product',
        { products: ['fax'] },
        'Error: Invalid config: products.0: Invalid type: Expected ("oauth" | "crypto" | "emailMagicLinks" | "otp" | "passwords" | "passkeys") but received "fax"',
      ],
    ];
    for (const shadow of [false, true]) {
      for (const [name, config, text] of cases) {
        it(`${name} (${shadow ? 'shadow' : 'light'} DOM)`, async () => {
          await fixture<HTMLDivElement>(html`<div id="rules"></div>`);
          const el = mountLogin({ elementId: '#rules', config: { ...config, enableShadowDOM: shadow } });
          await settle(el);
          const alert = rootOf(el).querySelector('[role="alert"]');
          expect(alert?.textContent ?? null).to.equal(text);
          expect(rootOf(el).querySelector('h1') === null).to.equal(text !== null);
          if (text) await expect(el).to.be.accessible();
        });
      }
    }
  });
});
