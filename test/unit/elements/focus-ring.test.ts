import { expect, fixture, html } from '@open-wc/testing';
import { rootOf, settle, StytchLoginElement } from './helpers.ts';

// Regression: the widget left focus to Chromium's default ring, which is dark and hugs the
// control, so keyboard focus on the dark primary button (and everywhere in the dark preset)
// could not be seen.
describe('keyboard focus ring', () => {
  for (const shadow of [true, false]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      const mode = `${shadow ? 'shadow DOM' : 'light DOM'}, ${colorScheme}`;
      it(`draws a 2px offset ring in the text colour on buttons and inputs (${mode})`, async () => {
        const el = await fixture<StytchLoginElement>(html`<stytch-ui .config=${{ enableShadowDOM: shadow }} .styles=${{ colorScheme }}></stytch-ui>`);
        await settle(el);
        const root = rootOf(el);
        // The form loads on demand: wait for it rather than for a fixed time.
        for (let i = 0; i < 200 && !root.querySelector('[part~="input"]'); i++) await new Promise((r) => setTimeout(r, 10));
        const primary = getComputedStyle(root.querySelector('[part~="container"]')!).color;
        for (const selector of ['[part~="button-primary"]', '[part~="input"]']) {
          const control = root.querySelector<HTMLElement>(selector)!;
          control.focus();
          expect(control.matches(':focus-visible'), `${selector} focus-visible`).to.equal(true);
          const style = getComputedStyle(control);
          expect(style.outlineStyle, selector).to.equal('solid');
          expect(style.outlineWidth, selector).to.equal('2px');
          expect(style.outlineOffset, selector).to.equal('2px');
          expect(style.outlineColor, selector).to.equal(primary);
          control.blur();
        }
      });
    }
  }
});
