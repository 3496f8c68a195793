import { expect, test, type Locator, type Page } from '@playwright/test';
import { demoUrl, uniqueEmail, widget } from './screens-helpers.ts';
import { b2b } from './b2b-screens.ts';

/*
 * WCAG 2.2 AA criteria that axe cannot judge (docs/ACCESSIBILITY.md maps every criterion to its
 * test): reflow at 320 CSS px, target size, reduced motion, error identification. Each runs on
 * the login, reset-password and B2B elements as a user sees them, against the real provider.
 */

const LOGIN = demoUrl({
  products: ['oauth', 'otp', 'emailMagicLinks', 'passkeys'],
  oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
  otpOptions: { methods: ['sms', 'whatsapp'] },
});
const RESET = `${process.env.E2E_DEMO_URL}/reset-password.html?stytch_token_type=reset_password&token=wcag-reflow-token`;
const B2B = `${process.env.E2E_DEMO_URL}/b2b.html?products=emailOtp`;

/** The three elements, each opened to its first screen. */
const elements: [string, string, (p: Page) => Locator, (l: Locator) => Locator][] = [
  ['login', LOGIN, widget, (w) => w.getByRole('tab').first()],
  ['reset password', RESET, (p) => p.locator('stytch-reset-password'), (w) => w.getByLabel('New password', { exact: true })],
  ['B2B', B2B, b2b, (w) => w.getByRole('textbox').first()],
];

/** Interactive controls inside `host`'s shadow tree (nested shadow roots included), visible ones only. */
async function controls(host: Locator) {
  return host.evaluate((el) => {
    const out: { name: string; width: number; height: number; inline: boolean }[] = [];
    const walk = (root: ParentNode) => {
      for (const n of root.querySelectorAll('*')) {
        if (n.shadowRoot) walk(n.shadowRoot);
        if (!n.matches('button, a[href], input:not([type=hidden]), select, textarea, [role=tab], [role=button], [role=link], [role=checkbox], [role=switch]')) continue;
        const r = n.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        const style = getComputedStyle(n);
        if (style.visibility === 'hidden') continue;
        // 2.5.8's "inline" exception: a link inside a sentence takes the sentence's line height.
        const inline = n.tagName === 'A' && style.display === 'inline';
        out.push({ name: `${n.tagName.toLowerCase()} "${(n.getAttribute('aria-label') ?? n.textContent ?? '').trim().slice(0, 40)}"`, width: r.width, height: r.height, inline });
      }
    };
    walk(el.shadowRoot ?? el);
    return out;
  });
}

for (const [name, url, host, first] of elements) {
  test(`1.4.10 reflow: the ${name} element fits 320 CSS px with no horizontal scrolling`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(url);
    const w = host(page);
    await expect(first(w)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const box = (await w.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    // Nothing inside is cut off sideways either: every control lies within the element.
    for (const c of await controls(w)) expect(c.width, c.name).toBeLessThanOrEqual(box.width);
  });

  test(`2.5.8 target size: every control of the ${name} element is at least 24 by 24 px`, async ({ page }) => {
    await page.goto(url);
    await expect(first(host(page))).toBeVisible();
    const found = await controls(host(page));
    expect(found.length).toBeGreaterThan(0);
    const small = found.filter((c) => !c.inline && (c.width < 24 || c.height < 24)).map((c) => `${c.name} ${c.width}x${c.height}`);
    expect(small).toEqual([]);
  });
}

for (const motion of ['reduce', 'no-preference'] as const) {
  test(`2.3.3 / 2.2.2: with reduced motion ${motion === 'reduce' ? 'asked for the progress bar stands still' : 'not asked for the progress bar moves'}`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    // The check is held until looked at, so the busy state stays on screen; nothing is timed.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/otps/authenticate', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(demoUrl({ products: ['otp'], otpOptions: { methods: ['email'] } }));
    const w = widget(page);
    await w.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('motion'));
    await w.getByRole('button', { name: 'Continue with email' }).click();
    await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
    await w.getByLabel('One-time passcode').fill('000000');
    const bar = w.getByRole('progressbar').locator('div');
    await expect(bar).toBeVisible();
    const animation = await bar.evaluate((el) => getComputedStyle(el).animationName);
    if (motion === 'reduce') expect(animation).toBe('none');
    else expect(animation).not.toBe('none');
    release();
    await expect(w.getByRole('alert')).toBeVisible({ timeout: 15_000 });
  });
}

test('3.3.1 / 4.1.3: a refused email is marked invalid, described by its message, and announced as an alert', async ({ page }) => {
  await page.goto(demoUrl({ products: ['emailMagicLinks'] }));
  const w = widget(page);
  const email = w.getByRole('textbox', { name: 'Email' });
  await email.fill('bad');
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('alert')).toHaveText('Invalid email address');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/Invalid email address/);
  // The accessibility tree (what a screen reader reads) holds the alert with its text.
  expect(await w.ariaSnapshot()).toContain('alert: Invalid email address');
});

for (const [name, url, host, first] of elements) {
  test(`1.4.12 text spacing: with WCAG's wider spacing the ${name} element clips no text`, async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(url);
    const w = host(page);
    await expect(first(w)).toBeVisible();
    await expect(w.getByRole('heading', { level: 1 })).toBeVisible();
    const clipped = await w.evaluate((el) => {
      // The spacing the criterion names, as a user style sheet would set it, in every shadow tree.
      const sheet = new CSSStyleSheet();
      sheet.replaceSync('* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important } p { margin-bottom: 2em !important }');
      const roots: ParentNode[] = [];
      const collect = (root: ParentNode) => {
        roots.push(root);
        for (const n of root.querySelectorAll('*')) if (n.shadowRoot) collect(n.shadowRoot);
      };
      collect(el.shadowRoot ?? el);
      for (const r of [document, ...roots]) if (r instanceof ShadowRoot || r instanceof Document) r.adoptedStyleSheets = [...r.adoptedStyleSheets, sheet];
      const out: string[] = [];
      // The spacing took: otherwise the check below would pass by looking at the usual layout.
      const heading = roots.map((r) => r.querySelector('h1')).find(Boolean);
      if (!heading) out.push('no heading found');
      else if (getComputedStyle(heading).letterSpacing === 'normal') out.push(`the spacing style sheet did not apply in ${heading.getRootNode().nodeName}`);
      for (const r of roots)
        for (const n of r.querySelectorAll<HTMLElement>('*')) {
          if (n.matches('input, textarea, select, svg, svg *') || !n.textContent?.trim()) continue;
          const s = getComputedStyle(n);
          const hidesX = s.overflowX === 'hidden' || s.overflowX === 'clip';
          const hidesY = s.overflowY === 'hidden' || s.overflowY === 'clip';
          if ((hidesX && n.scrollWidth > n.clientWidth + 1) || (hidesY && n.scrollHeight > n.clientHeight + 1) || (s.textOverflow === 'ellipsis' && n.scrollWidth > n.clientWidth + 1))
            out.push(`${n.tagName.toLowerCase()} "${n.textContent.trim().slice(0, 40)}"`);
        }
      return out;
    });
    expect(clipped).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(400);
  });

  test(`2.4.11 focus not obscured: at 320 px, each control of the ${name} element Tab reaches is in view and on top`, async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(url);
    const w = host(page);
    await expect(first(w)).toBeVisible();
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const at = await w.evaluate((el) => {
        let a: Element | null = document.activeElement;
        if (a !== el && !el.contains(a)) return null;
        while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
        const r = a!.getBoundingClientRect();
        const x = r.left + r.width / 2;
        const y = r.top + r.height / 2;
        const hit = (a!.getRootNode() as ShadowRoot | Document).elementFromPoint(x, y);
        const inView = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
        const onTop = !!hit && (hit === a || a!.contains(hit) || hit.contains(a));
        return { name: `${a!.tagName.toLowerCase()} "${(a!.getAttribute('aria-label') ?? a!.textContent ?? '').trim().slice(0, 30)}"`, ok: inView && onTop };
      });
      if (!at) {
        if (seen.length) break;
        continue;
      }
      seen.push(at.name);
      expect(at.ok, at.name).toBe(true);
    }
    expect(seen.length, seen.join(', ')).toBeGreaterThan(1);
  });
}
