// Node built-ins only: `npm start` checks its ports before it installs or builds anything.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** Every port `npm start` listens on: what listens there, and the variable that moves it. */
export function startPorts(env = process.env) {
  // With a certificate of its own the provider serves HTTPS on PROVIDER_PORT alone.
  const ownTls = Boolean(env.TLS_CERT_FILE && env.TLS_KEY_FILE);
  return [
    { port: Number(env.PORT ?? 5173), variable: 'PORT', what: 'the demo site' },
    { port: Number(env.PROVIDER_PORT ?? 8787), variable: 'PROVIDER_PORT', what: 'the provider' },
    ...(ownTls ? [] : [{ port: Number(env.PROVIDER_HTTPS_PORT ?? 8788), variable: 'PROVIDER_HTTPS_PORT', what: "the provider's HTTPS server API" }]),
    // The Next.js host runs only once built (scripts/dev.ts).
    ...(existsSync('hosts/next/.next/BUILD_ID') ? [{ port: Number(env.NEXT_PORT ?? 5175), variable: 'NEXT_PORT', what: 'the Next.js host' }] : []),
  ];
}

/** Null when `port` can be listened on at `host`, else the error's code (EADDRINUSE, EACCES). */
function refusal(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', (e) => resolve(e.code ?? String(e)));
    s.listen(port, host, () => s.close(() => resolve(null)));
  });
}

/** Who listens on TCP `port`, as far as lsof or ss can tell ("node (pid 42: node server.js)"), or undefined. */
export function whoListens(port) {
  const lsof = spawnSync('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fpc'], { encoding: 'utf8' });
  let pid = /^p(\d+)$/m.exec(lsof.stdout ?? '')?.[1];
  let command = /^c(.+)$/m.exec(lsof.stdout ?? '')?.[1];
  if (!pid) {
    const ss = spawnSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8' });
    const found = /users:\(\("([^"]+)",pid=(\d+)/.exec(ss.stdout ?? '');
    [command, pid] = found ? [found[1], found[2]] : [];
  }
  if (!pid) return undefined;
  let line = '';
  try {
    line = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ').replace(/\s+/g, ' ');
  } catch {
    // Not Linux, or another user's process: the name and pid say enough.
  }
  return `${command} (pid ${pid}${line ? `: ${line.length > 100 ? `${line.slice(0, 100)}…` : line}` : ''})`;
}

/** A port near `port` that is free now, for the message's example. */
async function freeNear(port, taken) {
  for (let p = port + 10; p < port + 30; p++) if (!taken.includes(p) && (await refusal(p)) === null) return p;
  return port + 10;
}

/**
 * What to say for one of npm start's ports that cannot be listened on (`code`: the listen
 * error's), naming the port, what uses it if it can be found, and the variable that moves it.
 */
export async function portMessage({ port, variable, what }, code, taken = []) {
  const why =
    code === 'EADDRINUSE'
      ? `is already in use${(() => {
          const who = whoListens(port);
          return who ? `, by ${who}` : '';
        })()}`
      : `cannot be listened on (${code})`;
  return `npm start: port ${port} (${what}, ${variable}) ${why}.\n  Stop that, or move ${what} to another port: ${variable}=${await freeNear(port, taken)} npm start`;
}

/** The messages for every port `npm start` needs that is not free; empty when all are. */
export async function busyPorts(ports = startPorts()) {
  const messages = [];
  for (const p of ports) {
    const code = await refusal(p.port);
    if (code)
      messages.push(
        await portMessage(
          p,
          code,
          ports.map((q) => q.port),
        ),
      );
  }
  return messages;
}

/**
 * For a server's listen error: when it is a port of `npm start`'s that another process took
 * after the check (or scripts/dev.ts run alone), says so as the check would and exits.
 */
export async function exitIfPortTaken(error, ports = startPorts()) {
  const taken = ports.find((p) => p.port === error?.port);
  if (!taken || (error.code !== 'EADDRINUSE' && error.code !== 'EACCES')) throw error;
  console.error(
    await portMessage(
      taken,
      error.code,
      ports.map((q) => q.port),
    ),
  );
  process.exit(1);
}
