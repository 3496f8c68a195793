import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import selfsigned from 'selfsigned';
import { SMTPServer } from 'smtp-server';

export const SMTP_USER = 'mailer';
export const SMTP_PASS = 'mail-secret';

/**
 * What the server does with the next connections, recipients or messages, in order; default is
 * to accept. `drop` closes a connection at once, `hold` keeps it open without a word (a silent
 * server), `{ rcpt }` refuses a recipient, `{ lateMs }` takes a whole message but answers it only
 * after that long (a slow relay).
 */
export type SmtpStep = 'accept' | 'drop' | 'hold' | { rcpt: number; message: string } | { lateMs: number };

export interface ReceivedMail {
  parsed: ParsedMail;
  raw: string;
  /** The session was upgraded by STARTTLS before the message. */
  secure: boolean;
  user: string | undefined;
}

/**
 * A real SMTP server on loopback (smtp-server): STARTTLS with a fresh self-signed certificate
 * for 127.0.0.1 and AUTH required (refused before TLS). A TCP relay in front of it can drop
 * connections the test asks it to; `steps` scripts refusals by reply code.
 */
export async function fakeSmtp() {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  const dir = mkdtempSync(join(tmpdir(), 'smtp-ca-'));
  const caFile = join(dir, 'ca.pem');
  writeFileSync(caFile, pems.cert);

  const received: ReceivedMail[] = [];
  const steps: SmtpStep[] = [];
  // Held messages: their DATA is read, but the relay's answer waits until the test releases it.
  const holds: Array<{ arrived: () => void; gate: Promise<void>; release: () => void }> = [];
  let connections = 0;
  let held = 0;

  const server = new SMTPServer({
    key: pems.private,
    cert: pems.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    // AUTH only after STARTTLS: a client that skipped TLS cannot send.
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASS) cb(null, { user: auth.username });
      else cb(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onRcptTo(_address, _session, cb) {
      const step = steps[0];
      if (step && typeof step === 'object' && 'rcpt' in step) {
        steps.shift();
        return cb(Object.assign(new Error(step.message), { responseCode: step.rcpt }));
      }
      if (step === 'accept') steps.shift();
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      const step = steps[0];
      const late = step && typeof step === 'object' && 'lateMs' in step ? (steps.shift(), step.lateMs) : 0;
      stream.on('end', async () => {
        const hold = holds.shift();
        if (hold) {
          hold.arrived();
          await hold.gate;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ parsed: await simpleParser(raw), raw, secure: session.secure, user: session.user as string | undefined });
        if (late) setTimeout(() => cb(), late);
        else cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const smtpPort = (server.server.address() as AddressInfo).port;

  // The relay the provider connects to: it drops a connection when the script says so.
  const sockets = new Set<Socket>();
  const relay = createTcpServer((client) => {
    connections++;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (steps[0] === 'drop') {
      steps.shift();
      client.destroy();
      return;
    }
    if (steps[0] === 'hold') {
      steps.shift();
      held++;
      client.on('error', () => undefined);
      return;
    }
    const upstream = new (client.constructor as typeof Socket)();
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.connect(smtpPort, '127.0.0.1');
    client.pipe(upstream).pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const port = (relay.address() as AddressInfo).port;

  return {
    port,
    caFile,
    received,
    get connections() {
      return connections;
    },
    /** Connections kept open without a word (`hold`) so far. */
    get held() {
      return held;
    },
    url: (user = SMTP_USER, pass = SMTP_PASS) => `smtp://${user}:${pass}@127.0.0.1:${port}`,
    script(...next: SmtpStep[]) {
      steps.push(...next);
    },
    /**
     * Holds the next message: its content is read, but the server answers the end of DATA only
     * once `release` is called (a slow relay). `arrived` resolves when the message is held.
     */
    hold(): { arrived: Promise<void>; release: () => void } {
      let arrived!: () => void;
      let release!: () => void;
      const seen = new Promise<void>((resolve) => (arrived = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      holds.push({ arrived, gate, release });
      return { arrived: seen, release };
    },
    reset() {
      for (const h of holds.splice(0)) h.release();
      received.length = 0;
      steps.length = 0;
      connections = 0;
      held = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
