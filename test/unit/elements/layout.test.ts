import { expect, fixture, html } from '@open-wc/testing';
import { rootOf, settle } from './helpers.ts';

const container = (el: Element) => rootOf(el).querySelector('[part~="container"]')!.getBoundingClientRect();

// Regression: the container had a fixed 400px width, so its min-content was 400px and a host
// page's narrow grid `1fr` or flex column grew to 400px and overflowed a 320px phone screen.
describe('widget width in host layouts', () => {
  for (const shadow of [true, false]) {
    const mode = shadow ? 'shadow DOM' : 'light DOM';
    const config = { enableShadowDOM: shadow };
    const widget = html`<stytch-ui .config=${config}></stytch-ui>`;
    const narrow: Array<[string, ReturnType<typeof html>]> = [
      ['a grid 1fr column', html`<div style="display:grid;grid-template-columns:1fr;width:300px"><div>${widget}</div></div>`],
      ['a flex row', html`<div style="display:flex;width:300px"><div>${widget}</div></div>`],
      ['a flex row, the element itself the item', html`<div style="display:flex;width:300px">${widget}</div>`],
      ['an inline-block in a narrow block', html`<div style="width:300px"><div style="display:inline-block">${widget}</div></div>`],
    ];

    for (const [name, template] of narrow) {
      it(`shrinks to a 300px ${name} instead of overflowing it (${mode})`, async () => {
        const parent = await fixture<HTMLDivElement>(template);
        const el = parent.querySelector('stytch-ui')!;
        await settle(el);
        const box = container(el);
        expect(Math.round(box.width)).to.equal(300);
        expect(Math.round(box.right)).to.be.at.most(Math.round(parent.getBoundingClientRect().right));
      });
    }

    it(`keeps its configured width in a wide flex row and a wide block (${mode})`, async () => {
      const parent = await fixture<HTMLDivElement>(
        html`<div>
          <div style="display:flex;width:1000px">${widget}</div>
          <div style="width:1000px"><stytch-ui .config=${config}></stytch-ui></div>
        </div>`,
      );
      const [inFlex, inBlock] = [...parent.querySelectorAll('stytch-ui')];
      await settle(inFlex!);
      await settle(inBlock!);
      expect(container(inFlex!).width).to.equal(400);
      expect(container(inBlock!).width).to.equal(400);
    });

    it(`never squeezes the content below its own minimum (${mode})`, async () => {
      const parent = await fixture<HTMLDivElement>(html`<div style="display:inline-block;width:0">${widget}</div>`);
      const el = parent.querySelector('stytch-ui')!;
      await settle(el);
      const root = rootOf(el).querySelector('[part~="container"]')!;
      expect(root.scrollWidth).to.be.at.most(root.clientWidth);
    });
  }
});

// Regression: the country picker kept a fixed 7.5em, so in a widget squeezed to a 320px phone
// the number field was narrower than the picker, a few digits wide.
describe('phone form in a narrow widget', () => {
  for (const width of [256, 400]) {
    it(`gives the number field more room than the country picker at ${width}px`, async () => {
      const parent = await fixture<HTMLDivElement>(
        html`<div style="width:${width}px"><stytch-ui .config=${{ products: ['otp'], otpOptions: { methods: ['sms'] }, enableShadowDOM: true }}></stytch-ui></div>`,
      );
      const el = parent.querySelector('stytch-ui')!;
      await settle(el);
      const root = rootOf(el);
      for (let i = 0; i < 200 && !root.querySelector('input[type="tel"]'); i++) await new Promise((r) => setTimeout(r, 10));
      const phone = root.querySelector('input[type="tel"]')!.getBoundingClientRect();
      const picker = root.querySelector('select')!.getBoundingClientRect();
      expect(phone.width).to.be.greaterThan(picker.width);
      expect(phone.right).to.be.at.most(container(el).right);
    });
  }
});

// Regression: overflow-wrap:anywhere on the container let the tab row split "WhatsApp" across
// two lines at 320px.
describe('method tabs in a narrow widget', () => {
  it('keeps every tab label on one line at 256px', async () => {
    const config = { products: ['otp'], otpOptions: { methods: ['sms', 'whatsapp', 'email'] }, enableShadowDOM: true };
    const parent = await fixture<HTMLDivElement>(html`<div style="width:256px"><stytch-ui .config=${config}></stytch-ui></div>`);
    const el = parent.querySelector('stytch-ui')!;
    await settle(el);
    const tabs = [...rootOf(el).querySelectorAll('[role="tab"]')];
    expect(tabs.map((t) => t.textContent)).to.deep.equal(['Text', 'WhatsApp', 'Email']);
    for (const tab of tabs) {
      const range = document.createRange();
      range.selectNodeContents(tab);
      expect(range.getClientRects().length, tab.textContent!).to.equal(1);
    }
  });
});
