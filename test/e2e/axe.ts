import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's violations, as `rule: [targets]` lines, within the element `selector` names (its
 * shadow tree included) or over the whole document. axe is injected through the debugger
 * rather than a script tag, so pages with a strict CSP (the provider's) are checked too.
 */
export async function axe(page: Page, selector: string | 'document' = 'stytch-ui'): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(async (sel) => {
    const run = (window as unknown as { axe: { run(ctx: unknown, o: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }> } }).axe.run;
    const r = await run(sel === 'document' ? document : { include: [[sel]] }, { resultTypes: ['violations'] });
    return r.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  }, selector);
}
