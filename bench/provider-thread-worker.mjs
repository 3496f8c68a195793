// The worker thread of bench/provider-thread.ts: tsx loads the provider's TypeScript sources here
// as `node --import tsx` does in the bench's own thread.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { startProvider } = await import('../provider/server.ts');
const provider = await startProvider(workerData);
parentPort.postMessage({ url: provider.url, projectId: provider.config.projectId, publicTokens: provider.config.publicTokens });
parentPort.once('message', () => void provider.close().finally(() => parentPort.close()));
