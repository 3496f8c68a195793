// The provider of a bench run in a worker thread of its own (bench/render.ts): its database
// work (PGlite runs in the thread that calls it) then never holds up the bench's own event
// loop, which serves the pages and widget files and drives the browser. In one thread, a
// bootstrap request being answered delayed the files and the keystrokes of whichever side was
// loading at that moment, as a CDN and an API on one busy machine never would.
import { Worker } from 'node:worker_threads';
import type { ProviderOptions } from '../provider/server.ts';

/** What the bench needs of the running provider. */
export interface ProviderThread {
  url: string;
  config: { projectId: string; publicTokens: { test?: string | undefined; b2b?: string | undefined } };
  close(): Promise<void>;
}

/** Starts the provider with `options` in a new worker thread; `close()` stops it and the thread. */
export function startProviderThread(options: Pick<ProviderOptions, 'port' | 'dataDir' | 'env'>): Promise<ProviderThread> {
  const worker = new Worker(new URL('./provider-thread-worker.mjs', import.meta.url), { workerData: options });
  return new Promise((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: { url: string; projectId: string; publicTokens: ProviderThread['config']['publicTokens'] }) =>
      resolve({
        url: m.url,
        config: { projectId: m.projectId, publicTokens: m.publicTokens },
        close: async () => {
          worker.postMessage('close');
          await new Promise<void>((done) => worker.once('exit', () => done()));
        },
      }),
    );
  });
}
