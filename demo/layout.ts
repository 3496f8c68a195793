/**
 * What every page of the demo and of the host apps begins with, added by the demo server as it
 * serves the page: the doctype, the language, the character set, the viewport, the demo's
 * stylesheet and `window.DEMO` (/demo-config.js: the local provider and its public token). A page
 * file holds only its own part (its title, its own styles and scripts, then its body), written in
 * HTML's short form, where the html, head and body tags may be left out.
 *
 * A page served under a strict CSP (it holds `nonceMark`) gets the same nonce on the stylesheet
 * and the script.
 */
export function withLayout(page: string, nonceMark: string): string {
  const nonce = page.includes(nonceMark) ? ` nonce="${nonceMark}"` : '';
  return `<!doctype html>
<html lang="en">
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<link rel="stylesheet" href="/lib/demo.css"${nonce} />
<script src="/demo-config.js"${nonce}></script>
${page}`;
}
