// The Next.js host (hosts/next) as `next start` serves it, once built (scripts/build-next.mjs):
// for `npm start`, the e2e suite and bench:render, which each give it the provider and the
// project in its environment (hosts/next/app/env.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Whether `next build` has run for the host. */
export const nextHostBuilt = (): boolean => existsSync(`${ROOT}hosts/next/.next/BUILD_ID`);

export interface NextHost {
  url: string;
  process: ChildProcess;
  /** Stops the server; resolves once it has exited, so its port is free for the next one. */
  close(): Promise<void>;
}

/** A port nobody listens on now, for a server whose origin must be known before it starts. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  const { port } = s.address() as { port: number };
  await new Promise<void>((ok) => s.close(() => ok()));
  return port;
}

/**
 * Starts `next start` of hosts/next (or of another built app: `dir`, under the repository) on
 * localhost:`port` with `env` added to this process's environment and resolves once Next says
 * it is ready; rejects with its output if it exits first or stays silent for `timeoutMs`.
 */
export async function startNextHost({
  port,
  env,
  dir = 'hosts/next',
  timeoutMs = 60_000,
}: {
  port: number;
  env: Record<string, string | undefined>;
  dir?: string;
  timeoutMs?: number;
}): Promise<NextHost> {
  if (dir === 'hosts/next' && !nextHostBuilt()) throw new Error('hosts/next is not built: `npm test` builds it (scripts/test.mjs), or `npm run build:next` after `npm run build`.');
  const child = spawn(process.execPath, ['node_modules/next/dist/bin/next', 'start', dir, '-p', String(port), '-H', 'localhost'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  let output = '';
  child.stdout!.on('data', (d: Buffer) => (output += d));
  child.stderr!.on('data', (d: Buffer) => (output += d));
  await new Promise<void>((ready, fail) => {
    const timer = setTimeout(() => {
      child.kill();
      fail(new Error(`next start was not ready after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    child.once('exit', (code) => (clearTimeout(timer), fail(new Error(`next start exited (${code}):\n${output}`))));
    const check = () => (/Ready in/.test(output) ? (clearTimeout(timer), ready()) : child.exitCode === null && setTimeout(check, 100));
    check();
  });
  const exited = new Promise<void>((done) => (child.exitCode !== null ? done() : child.once('exit', () => done())));
  return {
    url: `http://localhost:${port}`,
    process: child,
    close: () => {
      child.kill();
      return exited;
    },
  };
}
