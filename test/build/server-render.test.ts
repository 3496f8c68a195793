// stytch-ui/server and `stytch-ui prerender` as they ship (dist/server.js, dist/cli.js): what
// the markup holds, the nonce, the light-DOM scope, refused configs, and the command's files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const SERVER = '../../dist/server.js';
const server = (await import(SERVER)) as typeof import('../../elements/server/index.ts');
const CLI = new URL('../../dist/cli.js', import.meta.url).pathname;

const OTP = { products: ['otp'], otpOptions: { methods: ['email'] } };
const styleTags = (html: string) => html.match(/<style\b[^>]*>/g) ?? [];

describe('renderLoginToString', () => {
  it('writes Main into a declarative shadow root when enableShadowDOM, with SPEC §2 strings', async () => {
    const html = await server.renderLoginToString({ config: { ...OTP, enableShadowDOM: true } });
    assert.match(html, /^<stytch-ui config="[^"]*"><template shadowrootmode="open"><div hidden><style>:host\{/);
    assert.match(html, /<\/template><\/stytch-ui>$/);
    for (const text of ['>Sign up or log in</h1>', '>Email</label>', 'placeholder="example@email.com"', '>Continue with email</button>']) assert.ok(html.includes(text), text);
    // The element reads its config from the attribute it was given.
    const config = /config="([^"]*)"/.exec(html)![1]!.replaceAll('&quot;', '"');
    assert.deepEqual(JSON.parse(config), { ...OTP, enableShadowDOM: true });
    assert.match(html, /<stytch-widget-root data-stytch-ssr="[a-z0-9]+\.[a-z0-9]+"/);
    assert.match(html, /<style data-stytch-emotion="[a-z0-9 ]+">\.stytch-/);
  });

  it('sets the nonce on every style tag and on the element', async () => {
    const html = await server.renderLoginToString({ config: { ...OTP, enableShadowDOM: true }, nonce: 'n0nce"x' });
    const tags = styleTags(html);
    assert.equal(tags.length, 2);
    for (const tag of tags) assert.match(tag, / nonce="n0nce&quot;x"/);
    assert.match(html, /^<stytch-ui [^>]*nonce="n0nce&quot;x"/);
    assert.equal(styleTags(await server.renderLoginToString({ config: OTP })).filter((t) => t.includes('nonce')).length, 0);
  });

  it('light DOM: no shadow root, the scope id on the element, in the sheet and in the ids', async () => {
    const markup = await server.renderLoginMarkup({ config: OTP, scopeId: 'abc123' });
    assert.equal(markup.shadow, false);
    assert.deepEqual(markup.attributes, { 'data-stytch-scope': 'abc123' });
    assert.ok(!markup.children.includes('<template'));
    assert.ok(markup.children.includes(':where([data-stytch-scope="abc123"])'));
    // useId ids carry the scope, so two widgets on one page never share a label's target.
    assert.match(markup.children, /<label for="abc123R[^"]*-email"/);
    const html = await server.renderLoginToString({ config: OTP, scopeId: 'abc123' });
    assert.match(html, /^<stytch-ui config="[^"]*" data-stytch-scope="abc123"><div hidden>/);
  });

  it('every product: the tabs, the OAuth and passkey buttons are in the first screen', async () => {
    const config = {
      products: ['oauth', 'otp', 'emailMagicLinks', 'passkeys'],
      otpOptions: { methods: ['sms', 'whatsapp'] },
      oauthOptions: { providers: [{ type: 'google' }, { type: 'apple' }] },
    };
    const html = (await server.renderLoginMarkup({ config })).children;
    for (const text of ['Continue with Google', 'Continue with Apple', '>Text</button>', '>WhatsApp</button>', '>Email</button>', 'Login with a Passkey', 'type="tel"'])
      assert.ok(html.includes(text), text);
  });

  it('a config the widget refuses rejects with the text the widget shows (SPEC §1)', async () => {
    const refused = async (config: unknown, message: string | RegExp) =>
      assert.rejects(server.renderLoginMarkup({ config }), (e: Error) => {
        assert.ok(e instanceof server.InvalidConfigError);
        assert.equal(e.name, 'InvalidConfigError');
        if (typeof message === 'string') assert.equal(e.message, message);
        else assert.match(e.message, message);
        return true;
      });
    await refused({ products: ['passkeys'] }, 'Error: Cannot use Passkeys by itself, please add another product to the config.');
    await refused({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } }, 'Error: Cannot use both EML and Email OTP');
    await refused({ products: 'otp' }, /^Error: Invalid config: products: /);
    await refused('{not json', 'Error: Invalid config: expected JSON');
  });

  it('refused style values come back as warnings and cannot close the style tag', async () => {
    const markup = await server.renderLoginMarkup({ config: OTP, styles: { fontFamily: 'x</style><script>alert(1)</script>' } });
    assert.equal(markup.warnings.length, 1);
    assert.ok(markup.warnings[0] instanceof server.InvalidStylesError);
    assert.match(markup.warnings[0].message, /^Invalid styles\.fontFamily: /);
    assert.ok(!/<\/style><script>/i.test(markup.children));
  });
});

describe('stytch-ui prerender', () => {
  const dir = mkdtempSync(join(tmpdir(), 'prerender-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (...args: string[]) => spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });

  it('writes each element its first screen in place, the rest of the page byte for byte', () => {
    const file = join(dir, 'page.html');
    const before = `<!doctype html>\n<title>Mine</title>\n<p>Hello &amp; welcome</p>\n<stytch-ui config='{"products":["otp"],"otpOptions":{"methods":["email"]},"enableShadowDOM":true}' nonce="abc"></stytch-ui>\n<main><stytch-ui config='{"products":["emailMagicLinks"]}'>old</stytch-ui></main>\n`;
    writeFileSync(file, before);
    const r = cli('prerender', file);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /2 <stytch-ui> elements prerendered/);
    const html = readFileSync(file, 'utf8');
    assert.ok(html.startsWith('<!doctype html>\n<title>Mine</title>\n<p>Hello &amp; welcome</p>\n<stytch-ui config="'));
    assert.equal((html.match(/<template shadowrootmode="open">/g) ?? []).length, 1);
    assert.match(html, /nonce="abc"><template shadowrootmode="open"><div hidden><style nonce="abc">/);
    assert.match(html, /<main><stytch-ui config="[^"]*" data-stytch-scope="[a-z0-9]+"><div hidden><style>/);
    assert.ok(!html.includes('>old<'));
    assert.ok(html.endsWith('</stytch-widget-root></stytch-ui></main>\n'));
    // Again on its own output: rendered afresh, not nested.
    assert.equal(cli('prerender', file).status, 0);
    const again = readFileSync(file, 'utf8');
    assert.equal((again.match(/<stytch-widget-root/g) ?? []).length, 2);
  });

  it('--out and --nonce; a config file prints the whole element', () => {
    const file = join(dir, 'config.json');
    writeFileSync(file, JSON.stringify({ config: OTP, styles: { colors: { primary: '#5b2a86' } } }));
    const r = cli('prerender', file, '--nonce', 'xyz');
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^<stytch-ui config="[^"]*" styles="[^"]*" nonce="xyz" data-stytch-scope="[a-z0-9]+"><div hidden><style nonce="xyz">/);
    const out = join(dir, 'out.html');
    writeFileSync(join(dir, 'in.html'), '<stytch-ui></stytch-ui>');
    assert.equal(cli('prerender', join(dir, 'in.html'), '--out', out).status, 0);
    assert.equal(readFileSync(join(dir, 'in.html'), 'utf8'), '<stytch-ui></stytch-ui>');
    assert.ok(readFileSync(out, 'utf8').includes('Continue with email'));
  });

  it('a refused config names the element and fails; no element, or no command, is an error too', () => {
    const file = join(dir, 'bad.html');
    writeFileSync(file, `<p>x</p>\n<stytch-ui config='{"products":["passkeys"]}'></stytch-ui>`);
    const r = cli('prerender', file);
    assert.equal(r.status, 1);
    assert.equal(r.stderr.trim(), 'InvalidConfigError: <stytch-ui> #1 (line 2): Error: Cannot use Passkeys by itself, please add another product to the config.');
    assert.equal(readFileSync(file, 'utf8'), `<p>x</p>\n<stytch-ui config='{"products":["passkeys"]}'></stytch-ui>`);
    writeFileSync(join(dir, 'none.html'), '<p>nothing</p>');
    assert.equal(cli('prerender', join(dir, 'none.html')).status, 1);
    assert.equal(cli('render', file).status, 2);
  });
});
