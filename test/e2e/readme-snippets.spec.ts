import { expect, test, type Page } from '@playwright/test';
import * as esbuild from 'esbuild';
import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { hostBuilds } from '../../esbuild.config.mjs';
import { docSnippet, readmeSnippet } from '../readme-snippets.ts';
import { startNextHost } from '../../scripts/lib/next-host.ts';
import { startOwnSite, type OwnPage } from './own-site.ts';
import { hydrated, latestMessage, uniqueEmail, uniquePhone } from './screens-helpers.ts';

// A stranger's path: copy a README snippet into a page of their own on another port, put in the
// values `npm start` prints, and sign in. Each snippet is taken verbatim from README.md or the
// docs/ page it lives in; only the values the README says to replace are replaced (the token,
// and the ports this run got).

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let site: Awaited<ReturnType<typeof startOwnSite>>;
test.beforeAll(async () => {
  site = await startOwnSite({ listed: 1, unlisted: 1 });
});
test.afterAll(() => site.close());

/** `text` with the README's placeholders filled in for `page`. */
function filled(text: string, page: OwnPage): string {
  return text
    .replaceAll('public-token-test-…', site.publicToken)
    .replaceAll('http://localhost:8787', site.provider.url)
    .replaceAll('http://localhost:5173', site.demo.url)
    .replaceAll('http://localhost:3000', page.origin);
}

/** Serves `text` from the page at `origin` with the README's placeholders filled in. */
function serveFilled(text: string, which: 'listed' | 'unlisted') {
  const page = site[which][0]!;
  page.html = filled(text, page);
  return page.origin;
}

/**
 * The snippets log each event as `<type> <data>`: a sign-in's events, each exactly once and in
 * order (AUTHENTICATE_FLOW_COMPLETE came twice on the element). The last one is awaited; a
 * second copy of any would be logged by then, as events are dispatched in order.
 */
async function expectEachEventOnce(lines: string[], types: string[]) {
  const logged = () => lines.filter((l) => l.startsWith('log: ')).map((l) => l.slice('log: '.length).split(' ')[0]);
  await expect.poll(() => logged().includes(types.at(-1)!)).toBe(true);
  expect(logged()).toEqual(types);
}

/** Console lines of the page, and any page error (a broken snippet throws). */
function watch(page: Page) {
  const lines: string[] = [];
  page.on('console', (m) => lines.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`));
  return lines;
}

test('README "Plain HTML" snippet, served from another port, signs in with an email code', async ({ page }) => {
  const origin = serveFilled(readmeSnippet('### Plain HTML'), 'listed');
  const lines = watch(page);
  await page.goto(`${origin}/index.html`);
  const email = uniqueEmail('readme-plain');
  const w = page.locator('stytch-ui');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill(await site.code(email));
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
  await expectEachEventOnce(lines, ['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  expect(lines.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([]);
});

const ES_MODULE = () => docSnippet('docs/EMBEDDING.md', '### ES module with the mount function');

test('docs/EMBEDDING.md "ES module" snippet, served from another port, signs in with a text-message code', async ({ page }) => {
  const origin = serveFilled(ES_MODULE(), 'listed');
  const lines = watch(page);
  await page.goto(`${origin}/index.html`);
  const phone = uniquePhone();
  const w = page.locator('#login');
  await w.getByRole('tab', { name: 'Text' }).click();
  await w.getByRole('textbox', { name: 'Phone number' }).fill(phone);
  await w.getByRole('button', { name: 'Continue' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill(await site.code(`+1${phone}`));
  await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 15_000 });
  await expectEachEventOnce(lines, ['OTP_LOGIN_OR_CREATE', 'OTP_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  expect(lines.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([]);
});

test('docs/EMBEDDING.md "ES module" snippet: the magic link comes back to the same page, which signs the user in', async ({ page }) => {
  const origin = serveFilled(ES_MODULE(), 'listed');
  const lines = watch(page);
  await page.goto(`${origin}/index.html`);
  const email = uniqueEmail('readme-link');
  const w = page.locator('#login');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Check your email' })).toBeVisible({ timeout: 15_000 });
  const link = await site.link(email);
  lines.length = 0;
  // The link goes to the provider, which sends the browser back to the snippet's own page.
  await page.goto(link);
  await expect(w.getByRole('heading', { name: 'Success!' })).toBeVisible({ timeout: 15_000 });
  await expect(w.getByText('You have successfully logged in.')).toBeVisible();
  await expectEachEventOnce(lines, ['MAGIC_LINK_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  // The single-use token left the address bar: a reload shows the form, not a failed sign-in.
  expect(new URL(page.url()).search).toBe('');
  expect(new URL(page.url()).origin).toBe(origin);
  expect(lines.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([]);
});

for (const [file, heading, selector] of [
  ['README.md', '### Plain HTML', 'stytch-ui'],
  ['docs/EMBEDDING.md', '### ES module with the mount function', '#login'],
] as const) {
  test(`${file} "${heading.slice(4)}" snippet on a 375 px phone: the page is as wide as the phone`, async ({ browser }) => {
    // A phone (isMobile honours <meta name="viewport">; a desktop window ignores it).
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const page = await phone.newPage();
    const origin = serveFilled(docSnippet(file, heading), 'listed');
    await page.goto(`${origin}/index.html`);
    await expect(page.locator(selector).getByRole('button').first()).toBeVisible({ timeout: 15_000 });
    // Without <meta name="viewport"> a phone lays the page out 980 px wide and shrinks it.
    expect(await page.evaluate(() => window.innerWidth)).toBe(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await phone.close();
  });
}

test('a page on an origin the project does not list: the widget and the console name it and AUTHORIZED_ORIGINS', async ({ page }) => {
  const origin = serveFilled(readmeSnippet('### Plain HTML'), 'unlisted');
  const lines = watch(page);
  await page.goto(`${origin}/index.html`);
  const w = page.locator('stytch-ui');
  await w.getByRole('textbox', { name: 'Email' }).fill(uniqueEmail('readme-refused'));
  await w.getByRole('button', { name: 'Continue with email' }).click();
  const said = new RegExp(`origin ${origin.replaceAll('.', '\\.')} is not an authorized origin.*AUTHORIZED_ORIGINS`);
  await expect(w.getByText(said)).toBeVisible({ timeout: 15_000 });
  expect(lines.some((l) => l.startsWith('error') && said.test(l))).toBe(true);
});

/**
 * A framework snippet as a site builds it: the README's code (its placeholders filled, then
 * `mount` appended when the snippet exports a component) bundled by esbuild with the options
 * the repo's host app of that framework is built with (the package's names resolve to dist/),
 * served as /app.js under a page holding `body`.
 */
async function serveBundled(code: string, o: { host: esbuild.BuildOptions; body: string; loader: 'ts' | 'tsx'; mount?: string; tsconfigRaw?: esbuild.BuildOptions['tsconfigRaw'] }) {
  const page = site.listed[0]!;
  const built = await esbuild.build({
    ...o.host,
    entryPoints: undefined,
    stdin: { contents: `${filled(code, page)}\n${o.mount ?? ''}`, loader: o.loader, resolveDir: ROOT, sourcefile: `snippet.${o.loader}` },
    absWorkingDir: ROOT,
    sourcemap: false,
    metafile: false,
    write: false,
    tsconfigRaw: o.tsconfigRaw,
    logLevel: 'silent',
  });
  page.files['/app.js'] = built.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  page.html = `<!doctype html>\n<meta charset="utf-8" />\n${o.body}\n<script type="module" src="/app.js"></script>`;
  return page.origin;
}

/** The snippets' app: sign in with an email code, the app shows the user (after a reload too), sign out. */
async function signInAndOut(page: Page, origin: string, label: string) {
  const lines = watch(page);
  await page.goto(`${origin}/index.html`);
  const email = uniqueEmail(label);
  const w = page.locator('stytch-ui');
  await w.getByRole('textbox', { name: 'Email' }).fill(email);
  await w.getByRole('button', { name: 'Continue with email' }).click();
  await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 15_000 });
  await w.getByLabel('One-time passcode').fill(await site.code(email));
  const signOut = page.getByRole('button', { name: `Sign out ${email}` });
  await expect(signOut).toBeVisible({ timeout: 15_000 });
  // The event handler the snippet wired logged the sign-in.
  expect(lines).toContain('log: OTP_AUTHENTICATE');
  await page.reload();
  await expect(signOut).toBeVisible({ timeout: 15_000 });
  await signOut.click();
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible({ timeout: 15_000 });
  await page.reload();
  await expect(w.getByRole('textbox', { name: 'Email' })).toBeVisible({ timeout: 15_000 });
  expect(lines.filter((l) => l.startsWith('error') || l.startsWith('pageerror'))).toEqual([]);
}

// Each exports its app: a site mounts it (the React snippets) or the snippet is the whole app.
const REACT_MOUNT = "import { createRoot as mountRoot } from 'react-dom/client';\nmountRoot(document.getElementById('root')!).render(<App />);";

test('README "React" snippet (stytch-ui/react components and hooks), bundled as a site does: OTP sign-in, the user shown after a reload, sign-out', async ({ page }) => {
  const origin = await serveBundled(readmeSnippet('### React', 'tsx', 0), { host: hostBuilds.react, body: '<div id="root"></div>', loader: 'tsx', mount: REACT_MOUNT });
  await signInAndOut(page, origin, 'readme-react');
});

test('docs/EMBEDDING.md "React" snippet without the components (the element and the client): OTP sign-in, the user shown after a reload, sign-out', async ({ page }) => {
  const origin = await serveBundled(docSnippet('docs/EMBEDDING.md', '## React', 'tsx', 0), { host: hostBuilds.react, body: '<div id="root"></div>', loader: 'tsx', mount: REACT_MOUNT });
  await signInAndOut(page, origin, 'readme-react-element');
});

test('README "Vue 3" snippet, bundled as a site does: OTP sign-in, the user shown after a reload, sign-out', async ({ page }) => {
  const origin = await serveBundled(readmeSnippet('### Vue 3', 'ts'), { host: hostBuilds.vue, body: '<div id="app"></div>', loader: 'ts' });
  await signInAndOut(page, origin, 'readme-vue');
});

test('README "Angular" snippet, bundled as a site does (TypeScript decorators): OTP sign-in, the user shown after a reload, sign-out', async ({ page }) => {
  const origin = await serveBundled(readmeSnippet('### Angular', 'ts'), {
    host: hostBuilds.angular,
    body: '<app-login></app-login>',
    loader: 'ts',
    tsconfigRaw: { compilerOptions: { experimentalDecorators: true } },
  });
  await signInAndOut(page, origin, 'readme-angular');
});

test('README and docs/EMBEDDING.md "Next.js" snippets, an app of their own built without the server\'s secrets (next build, as a deploy builds) and served with them: the first screen in the HTML, OTP sign-in, the protected page checks the session on the server', async ({
  page,
}) => {
  test.setTimeout(480_000);
  const dir = '.test-results/readme-next';
  rmSync(`${ROOT}${dir}`, { recursive: true, force: true });
  mkdirSync(`${ROOT}${dir}/app/profile`, { recursive: true });
  writeFileSync(`${ROOT}${dir}/app/stytch.tsx`, readmeSnippet('### Next.js', 'tsx', 0));
  writeFileSync(`${ROOT}${dir}/app/layout.tsx`, docSnippet('docs/EMBEDDING.md', '## Next.js', 'tsx', 0));
  writeFileSync(`${ROOT}${dir}/app/profile/page.tsx`, docSnippet('docs/EMBEDDING.md', '## Next.js', 'tsx', 1));
  // What the site has beside them: its login page.
  writeFileSync(`${ROOT}${dir}/app/page.tsx`, "import { Login } from './stytch';\n\nexport default function Home() {\n  return <Login />;\n}\n");
  // The repository is the project root (one node_modules), as for hosts/next; the site's own
  // tsconfig (Next's defaults), or the repository's would give its JSX to Emotion.
  writeFileSync(
    `${ROOT}${dir}/next.config.mjs`,
    `export default { turbopack: { root: ${JSON.stringify(ROOT)} }, outputFileTracingRoot: ${JSON.stringify(ROOT)}, typescript: { ignoreBuildErrors: true } };\n`,
  );
  writeFileSync(
    `${ROOT}${dir}/tsconfig.json`,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2017',
        lib: ['dom', 'dom.iterable', 'esnext'],
        skipLibCheck: true,
        strict: true,
        noEmit: true,
        module: 'esnext',
        moduleResolution: 'bundler',
        isolatedModules: true,
        jsx: 'react-jsx',
        plugins: [{ name: 'next' }],
      },
      include: ['**/*.ts', '**/*.tsx'],
      exclude: ['.next'],
    }),
  );
  // The public values are built into the page's scripts (NEXT_PUBLIC_); the secrets are not
  // the build's: `next build` loads every page module, so one that needs them there fails.
  const NEXT_PUBLIC = { NEXT_PUBLIC_STYTCH_PUBLIC_TOKEN: process.env.E2E_PUBLIC_TOKEN, NEXT_PUBLIC_STYTCH_PROVIDER_URL: process.env.E2E_PROVIDER_URL };
  await promisify(execFile)(process.execPath, ['node_modules/next/dist/bin/next', 'build', dir], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...NEXT_PUBLIC },
    timeout: 400_000,
  }).catch((e: Error & { stdout?: string; stderr?: string }) => {
    throw new Error(`next build of the README's app failed:\n${e.stdout ?? ''}${e.stderr ?? ''}`);
  });
  const app = await startNextHost({
    port: Number(process.env.E2E_NEXT_README_PORT),
    dir,
    timeoutMs: 60_000,
    env: {
      ...NEXT_PUBLIC,
      STYTCH_PROJECT_ID: process.env.E2E_PROJECT_ID,
      STYTCH_SECRET: process.env.E2E_PROJECT_SECRET,
      STYTCH_API_URL: process.env.E2E_PROVIDER_HTTPS_URL,
      // The server's SDK trusts the tests' self-signed certificate of the provider's front door.
      NODE_EXTRA_CA_CERTS: `${ROOT}test/fixtures/tls/localhost-cert.pem`,
    },
  });
  try {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const html = await (await fetch(`${app.url}/`)).text();
    expect(html).toContain('>Continue with email</button>');
    // Signed out, the protected page sends the visitor to the login.
    await page.goto(`${app.url}/profile`);
    await expect(page).toHaveURL(`${app.url}/`);
    const w = page.locator('stytch-ui');
    const email = uniqueEmail('readme-next');
    await w.getByRole('textbox', { name: 'Email' }).fill(email);
    // The first screen is the server's HTML: its button works once the widget's script has come.
    await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
    await w.getByRole('button', { name: 'Continue with email' }).click();
    await expect(w.getByRole('heading', { name: 'Enter passcode' })).toBeVisible({ timeout: 30_000 });
    await w.getByLabel('One-time passcode').fill((await latestMessage(email)).code!);
    await expect(w.getByRole('heading', { name: 'Your passcode has been successfully verified.' })).toBeVisible({ timeout: 30_000 });
    await page.goto(`${app.url}/profile`);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible({ timeout: 30_000 });
    expect(errors).toEqual([]);
  } finally {
    await app.close();
  }
});
