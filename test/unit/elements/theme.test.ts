import { expect, fixture, html } from '@open-wc/testing';
import { rootOf, settle, StytchLoginElement } from './helpers.ts';

const part = (el: Element, name: string) => rootOf(el).querySelector(`[part~="${name}"]`)!;
const style = (el: Element, name: string) => getComputedStyle(part(el, name));

describe('theme', () => {
  let hostSheet: HTMLStyleElement;
  afterEach(() => hostSheet?.remove());
  const hostCss = (css: string) => {
    hostSheet = document.createElement('style');
    hostSheet.textContent = css;
    document.head.append(hostSheet);
  };

  for (const shadow of [true, false]) {
    const mode = shadow ? 'shadow DOM' : 'light DOM';

    it(`applies the SPEC §3 defaults (${mode})`, async () => {
      const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: shadow }}></stytch-ui>`);
      await settle(el);
      expect(style(el, 'container').width).to.equal('400px');
      expect(style(el, 'container').borderTopLeftRadius).to.equal('8px');
      expect(style(el, 'header').fontSize).to.equal('24px');
      expect(style(el, 'header').fontWeight).to.equal('600');
      expect(style(el, 'container').fontSize).to.equal('16px');
    });

    it(`lets a host variable reach a computed style (${mode})`, async () => {
      hostCss('stytch-ui { --stytch-container-width: 320px; --stytch-colors-primary: rgb(1, 2, 3); }');
      const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: shadow }}></stytch-ui>`);
      await settle(el);
      expect(style(el, 'container').width).to.equal('320px');
      expect(style(el, 'header').color).to.equal('rgb(1, 2, 3)');
    });

    it(`compiles the styles prop into variables, and host CSS still wins (${mode})`, async () => {
      const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: shadow }} .styles=${{ container: { width: '350px', backgroundColor: 'rgb(9, 9, 9)' } }}></stytch-ui>`);
      await settle(el);
      expect(style(el, 'container').width).to.equal('350px');
      expect(style(el, 'container').backgroundColor).to.equal('rgb(9, 9, 9)');
      hostCss('stytch-ui { --stytch-container-width: 300px; }');
      expect(style(el, 'container').width).to.equal('300px');
    });

    it(`keeps host element rules out and its own rules in (${mode})`, async () => {
      hostCss('h1 { color: rgb(255, 0, 0); font-size: 50px; } div { padding: 99px; }');
      const wrapper = await fixture<HTMLDivElement>(
        html`<section>
          <h1>host</h1>
          <stytch-ui .config=${{ enableShadowDOM: shadow }}></stytch-ui>
        </section>`,
      );
      const el = wrapper.querySelector('stytch-ui')!;
      await settle(el);
      expect(style(el, 'header').fontSize).to.equal('24px');
      expect(style(el, 'header').color).to.not.equal('rgb(255, 0, 0)');
      expect(getComputedStyle(wrapper.querySelector('h1')!).fontSize, 'widget rules stay inside').to.equal('50px');
      expect(getComputedStyle(wrapper).getPropertyValue('--stytch-container-width'), 'variables stay on the widget').to.equal('');
    });

    it(`follows prefers-color-scheme only when asked (${mode})`, async () => {
      const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: shadow }} .styles=${{ colorScheme: 'dark' }}></stytch-ui>`);
      await settle(el);
      expect(style(el, 'container').backgroundColor).to.equal('rgb(16, 27, 33)');
      el.styles = { colorScheme: 'auto' };
      await settle(el);
      const dark = matchMedia('(prefers-color-scheme: dark)').matches;
      expect(style(el, 'container').backgroundColor).to.equal(dark ? 'rgb(16, 27, 33)' : 'rgb(255, 255, 255)');
      expect(rootOf(el).querySelector('style')!.textContent).to.contain('@media (prefers-color-scheme:dark)');
    });
  }

  it('keeps the styles of two light-DOM widgets apart', async () => {
    const box = await fixture<HTMLDivElement>(
      html`<div>
        <stytch-ui .styles=${{ container: { width: '310px' } }}></stytch-ui>
        <stytch-ui .styles=${{ container: { width: '330px' } }}></stytch-ui>
      </div>`,
    );
    const [a, b] = [...box.querySelectorAll('stytch-ui')];
    await settle(a!);
    await settle(b!);
    expect(style(a!, 'container').width).to.equal('310px');
    expect(style(b!, 'container').width).to.equal('330px');
  });

  it('lets host CSS style ::part names without !important', async () => {
    hostCss('stytch-ui::part(header) { color: rgb(0, 128, 0); } stytch-ui::part(container) { border-top-left-radius: 2px; }');
    const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: true }}></stytch-ui>`);
    await settle(el);
    expect(style(el, 'header').color).to.equal('rgb(0, 128, 0)');
    expect(style(el, 'container').borderTopLeftRadius).to.equal('2px');
  });

  it('refuses a style value that would escape its declaration, and says so', async () => {
    const errors: Error[] = [];
    const el = await fixture<StytchLoginElement>(html`<stytch-ui .callbacks=${{ onError: (e: Error) => errors.push(e) }}></stytch-ui>`);
    el.styles = { container: { width: '10px; } body { display: none' } };
    await settle(el);
    expect(errors.map((e) => e.message)).to.deep.equal(['Invalid styles.container.width: must be a CSS value without ; { } < > \\ or comments']);
    expect(style(el, 'container').width).to.equal('400px');
    expect(getComputedStyle(document.body).display).to.equal('block');
  });

  it('axe sees violations inside a shadow root (the accessibility checks can fail)', async () => {
    const el = await fixture<HTMLDivElement>(html`<div></div>`);
    el.attachShadow({ mode: 'open' }).innerHTML = '<button></button>';
    await expect(el).not.to.be.accessible();
  });
});
