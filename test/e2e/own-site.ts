import { expect } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo, type RunningDemo } from '../../demo/server.ts';
import { startProvider, type RunningProvider } from '../../provider/server.ts';
import { latestMessage } from './screens-helpers.ts';

/** One page of a developer's own site on a free port, served at / and /index.html. */
export interface OwnPage {
  origin: string;
  /** The HTML served next; set before each visit. */
  html: string;
  /** Other files of the site, by path (`/official.js`): scripts a page imports from its own origin. */
  files: Record<string, string>;
}

const TYPES: Record<string, string> = { js: 'text/javascript', css: 'text/css', html: 'text/html', svg: 'image/svg+xml' };

/**
 * A developer's own site, as a stranger sets it up: pages on ports of their own, a provider
 * started with those origins in AUTHORIZED_ORIGINS (and their index pages in REDIRECT_URLS),
 * and the demo server handing out the built files. `unlisted` pages are left out of the list.
 */
export async function startOwnSite(o: { listed: number; unlisted?: number; env?: NodeJS.ProcessEnv | ((listed: OwnPage[]) => NodeJS.ProcessEnv) }) {
  const servers: Server[] = [];
  const serve = async (): Promise<OwnPage> => {
    const page: OwnPage = { origin: '', html: '', files: {} };
    const server = createServer((req, res) => {
      if (req.url === '/' || req.url?.startsWith('/index.html')) return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(page.html);
      const file = page.files[req.url ?? ''];
      if (file !== undefined) return void res.writeHead(200, { 'Content-Type': `${TYPES[req.url!.split('.').pop()!] ?? 'text/plain'}; charset=utf-8` }).end(file);
      // A site of one's own has a favicon; a 404 for it would be a console error not of the page's making.
      res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    servers.push(server);
    page.origin = `http://localhost:${(server.address() as AddressInfo).port}`;
    return page;
  };
  const listed = await Promise.all(Array.from({ length: o.listed }, serve));
  const unlisted = await Promise.all(Array.from({ length: o.unlisted ?? 0 }, serve));
  const dataDir = mkdtempSync(join(tmpdir(), 'own-site-provider-'));
  const provider: RunningProvider = await startProvider({
    port: 0,
    dataDir,
    env: {
      ...(typeof o.env === 'function' ? o.env(listed) : o.env),
      DEV_PAGES: '1',
      AUTHORIZED_ORIGINS: listed.map((p) => p.origin).join(','),
      REDIRECT_URLS: listed.map((p) => `${p.origin}/index.html`).join(','),
    },
  });
  const publicToken = provider.config.publicTokens.test!;
  const demo: RunningDemo = await startDemo({ port: 0, providerUrl: provider.url, publicToken });

  /** The code of the newest message to `to` in this provider's outbox. */
  const code = async (to: string): Promise<string> => (await latestMessage(to, 0, provider.url)).code!;
  /** The link of the newest message to `to` in this provider's outbox. */
  const link = async (to: string): Promise<string> => (await latestMessage(to, 0, provider.url)).link!;

  return {
    listed,
    link,
    unlisted,
    provider,
    demo,
    publicToken,
    code,
    async close() {
      for (const s of servers) s.close();
      await demo.close();
      await provider.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The server API as the developer's backend calls it (the project id and `secret`), expecting a 200. */
export function serverApiOf(provider: Pick<RunningProvider, 'url'> & { config: Pick<RunningProvider['config'], 'projectId'> }, secret: string) {
  return async (method: string, path: string, body?: object): Promise<any> => {
    const res = await fetch(`${provider.url}/v1${path}`, {
      method,
      headers: { Authorization: `Basic ${Buffer.from(`${provider.config.projectId}:${secret}`).toString('base64')}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(200);
    return answer;
  };
}
