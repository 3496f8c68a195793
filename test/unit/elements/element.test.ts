import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { StytchErrorEvent, StytchEvent, StytchResetPasswordElement } from '../../../elements/index.ts';
import { rootOf, settle, StytchLoginElement } from './helpers.ts';

describe('widget elements', () => {
  for (const shadow of [true, false]) {
    describe(shadow ? 'shadow DOM' : 'light DOM', () => {
      it('renders the Main header and is accessible', async () => {
        const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: shadow }}></stytch-ui>`);
        await settle(el);
        expect(Boolean(el.shadowRoot)).to.equal(shadow);
        expect(rootOf(el).querySelector('h1')?.textContent).to.equal('Sign up or log in');
        await expect(el).to.be.accessible();
      });

      it('puts its styles in its own root, not in the document head', async () => {
        const before = document.head.querySelectorAll('style').length;
        const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: shadow }}></stytch-ui>`);
        await settle(el);
        expect(document.head.querySelectorAll('style').length).to.equal(before);
        expect(rootOf(el).querySelectorAll('style').length).to.be.greaterThan(0);
      });
    });
  }

  it('reads config and styles from JSON attributes', async () => {
    const el = await fixture<StytchLoginElement>(html`<stytch-ui config='{"products":["passkeys"]}' styles='{"hideHeaderText":true}'></stytch-ui>`);
    await settle(el);
    expect(el.config).to.deep.equal({ products: ['passkeys'] });
    expect(el.querySelector('[role="alert"]')?.textContent).to.equal('Error: Cannot use Passkeys by itself, please add another product to the config.');
    el.setAttribute('config', '{"products":["otp"]}');
    await settle(el);
    expect(el.querySelector('[role="alert"]')).to.equal(null);
    expect(el.querySelector('h1'), 'hideHeaderText from the styles attribute').to.equal(null);
  });

  it('reports an attribute that is not JSON through onError and a stytch-error event', async () => {
    const el = await fixture<StytchLoginElement>(html`<stytch-ui></stytch-ui>`);
    const errors: Error[] = [];
    el.callbacks = { onError: (e) => errors.push(e) };
    let event: StytchErrorEvent | undefined;
    document.addEventListener('stytch-error', (e) => (event = e), { once: true });
    el.setAttribute('config', '{nope');
    expect(errors.map((e) => e.name)).to.deep.equal(['InvalidAttributeError']);
    expect(event?.error).to.equal(errors[0]);
  });

  it('reports a render failure through onError', async () => {
    const errors: string[] = [];
    const el = await fixture<StytchLoginElement>(html`<stytch-ui .callbacks=${{ onError: (e: Error) => errors.push(e.message) }}></stytch-ui>`);
    await settle(el);
    // It fails until the failure is reported: React 19's development build reads a failed
    // tree's props again after the commit (its performance track), outside any render.
    el.config = {
      get products(): string[] {
        if (errors.length) return ['emailMagicLinks'];
        throw new Error('config getter failed');
      },
    };
    await waitUntil(() => errors.length > 0, 'onError called');
    expect(errors).to.deep.equal(['config getter failed']);
    expect(el.querySelector('h1')).to.equal(null);
    // A config it can render, and the widget renders again.
    el.config = { products: ['emailMagicLinks'] };
    await waitUntil(() => el.querySelector('h1')?.textContent === 'Sign up or log in', 'Main renders after the failure');
    expect(errors).to.have.length(1);
  });

  it('batches property changes into one render per microtask', async () => {
    const el = await fixture<StytchLoginElement>(html`<stytch-ui></stytch-ui>`);
    await settle(el);
    const sheet = el.querySelector('style')!;
    let writes = 0;
    const observer = new MutationObserver((records) => (writes += records.length));
    observer.observe(sheet, { childList: true, characterData: true, subtree: true });
    el.styles = { colors: { primary: '#111111' } };
    el.styles = { colors: { primary: '#222222' } };
    el.styles = { colors: { primary: '#333333' } };
    await settle(el);
    observer.disconnect();
    expect(writes).to.equal(1);
    expect(sheet.textContent).to.contain('--stytch-colors-primary:#333333');
  });

  it('accepts properties set before the element is defined', async () => {
    const el = document.createElement('stytch-later') as StytchLoginElement;
    (el as unknown as { config: unknown }).config = { products: ['passkeys'] };
    document.body.append(el);
    class Later extends StytchLoginElement {}
    Later.define('stytch-later');
    await settle(el);
    expect(el.querySelector('[role="alert"]')?.textContent).to.contain('Cannot use Passkeys by itself');
    el.remove();
  });

  it('define() of an already defined tag is not an error', () => {
    expect(StytchLoginElement.define()).to.equal(customElements.get('stytch-ui'));
    expect(() => StytchLoginElement.define('stytch-ui', customElements)).not.to.throw();
  });

  it('keeps the form state of two instances apart', async () => {
    const box = await fixture<HTMLDivElement>(html`<div><stytch-ui></stytch-ui><stytch-ui></stytch-ui></div>`);
    const [a, b] = [...box.querySelectorAll('stytch-ui')];
    await settle(a!);
    const email = (el: Element) => el.querySelector<HTMLInputElement>('input[type="email"]');
    await waitUntil(() => email(a!) && email(b!), 'both email forms render');
    // Typed as a user types: the native setter, then the input event React listens for.
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(email(a!), 'a@example.com');
    email(a!)!.dispatchEvent(new Event('input', { bubbles: true }));
    await settle(a!);
    expect(email(a!)!.value).to.equal('a@example.com');
    expect(email(b!)!.value).to.equal('');
  });

  it('moves focus to the heading on a screen change, never on first render', async () => {
    const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: true, products: ['crypto'] }}></stytch-ui>`);
    await settle(el);
    expect(document.activeElement).to.equal(document.body);
    const buttonNamed = (name: string) => [...el.shadowRoot!.querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
    await waitUntil(() => buttonNamed('Set up a new crypto wallet'), 'the wallet block renders');
    buttonNamed('Set up a new crypto wallet')!.click();
    // The screen is a lazy chunk: React reveals it after its Suspense throttle, not in one turn.
    await waitUntil(() => el.shadowRoot!.querySelector('h1')?.textContent === 'Set up a new crypto wallet');
    expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector('h1'));
    (el.shadowRoot!.activeElement as HTMLElement).blur();
    buttonNamed('Back')!.click();
    await waitUntil(() => el.shadowRoot!.querySelector('h1')?.textContent === 'Sign up or log in');
    expect(el.shadowRoot!.activeElement, 'back to Main focuses again').to.equal(el.shadowRoot!.querySelector('h1'));
  });

  it('redeems the reset token from the attribute, then from the property once it changes', async () => {
    const redeemed: string[] = [];
    const client = {
      bootstrap: { getSync: () => ({}), onChange: () => () => {} },
      magicLinks: { authenticate: (token: string) => (redeemed.push(token), Promise.reject(new Error('not this time'))) },
    };
    const el = await fixture<StytchResetPasswordElement>(html`<stytch-reset-password password-reset-token="tok-1" .client=${client}></stytch-reset-password>`);
    await waitUntil(() => el.querySelector('h1'), 'the lazy reset flow renders');
    expect(el.querySelector('h1')?.textContent).to.equal('Reset your password');
    const loginWithout = () => [...el.querySelectorAll('button')].find((b) => b.textContent === 'Login without a password')!;
    loginWithout().click();
    await waitUntil(() => redeemed.length === 1 && loginWithout(), 'the first try fails back to the form');
    el.passwordResetToken = 'tok-2';
    await settle(el);
    loginWithout().click();
    await waitUntil(() => redeemed.length === 2);
    expect(redeemed).to.deep.equal(['tok-1', 'tok-2']);
  });

  it('renders passkey registration (without a signed-in user, its SPEC §2 error)', async () => {
    const el = await fixture(html`<stytch-passkey-registration></stytch-passkey-registration>`);
    await waitUntil(() => el.querySelector('[role="alert"]'), 'the lazy passkey flow renders');
    expect(el.querySelector('[role="alert"]')?.textContent).to.equal('Error: Cannot use PasskeyRegistration component without active user authenticated.');
  });

  it('delivers onEvent/onError and bubbling, composed DOM events out of the shadow root', async () => {
    class Emitting extends StytchLoginElement {
      /** Stands in for a screen: screens report through the callbacks the element hands them. */
      emit(event: { type: string; data: unknown }, error: Error) {
        this.widgetCallbacks.onEvent(event);
        this.widgetCallbacks.onError(error);
      }
    }
    Emitting.define('stytch-emitting');
    const outer = await fixture<HTMLDivElement>(html`<div><stytch-emitting .config=${{ enableShadowDOM: true }}></stytch-emitting></div>`);
    const el = outer.firstElementChild as Emitting;
    const calls: unknown[] = [];
    el.callbacks = { onEvent: (e) => calls.push(e), onError: (e) => calls.push(e.message) };
    const seen: unknown[] = [];
    outer.addEventListener('stytch-event', (e) => seen.push(e instanceof StytchEvent && e.composed && e.detail));
    outer.addEventListener('stytch-error', (e) => seen.push(e.error.message));
    el.emit({ type: 'TEST', data: 1 }, new Error('boom'));
    expect(calls).to.deep.equal([{ type: 'TEST', data: 1 }, 'boom']);
    expect(seen).to.deep.equal([{ type: 'TEST', data: 1 }, 'boom']);
  });
});

describe('nonce', () => {
  const logo = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="300" height="200"/%3E';
  for (const shadow of [true, false]) {
    it(`reaches every style the widget adds, its own and Emotion's (${shadow ? 'shadow' : 'light'} DOM)`, async () => {
      const el = await fixture<StytchLoginElement>(html`<stytch-ui nonce="n0nce" .config=${{ enableShadowDOM: shadow }} .styles=${{ logo: { logoImageUrl: logo } }}></stytch-ui>`);
      await settle(el);
      const img = rootOf(el).querySelector('img')!;
      await waitUntil(() => img.complete);
      expect(getComputedStyle(img).maxHeight, 'Emotion rule applied').to.equal('50px');
      const styles = [...rootOf(el).querySelectorAll('style')];
      expect(styles.length).to.be.greaterThan(1);
      expect(styles.map((s) => s.nonce)).to.deep.equal(styles.map(() => 'n0nce'));
    });
  }
});
