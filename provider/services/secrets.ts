import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Queryable } from '../db/index.ts';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const PREFIX = 'v1:';

/**
 * Encrypts secrets the provider must read back (authenticator-app seeds) with AES-256-GCM, so
 * a copy of the database alone does not hand them out. Each value is bound to the row it
 * belongs to (`context`, the GCM additional data): a ciphertext moved to another row fails.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** A box from 32 raw key bytes. */
  static fromKey(key: Buffer): SecretBox {
    if (key.length !== KEY_BYTES) throw new Error(`a secrets key is ${KEY_BYTES} bytes, got ${key.length}`);
    return new SecretBox(key);
  }

  /**
   * The deployment's box: SECRETS_KEY (base64 of 32 bytes; every process and machine sharing a
   * database needs the same one) or else a key file created once beside the embedded database.
   */
  static load(env: NodeJS.ProcessEnv, keyFile: string): SecretBox {
    if (env.SECRETS_KEY) return SecretBox.fromKey(Buffer.from(env.SECRETS_KEY, 'base64'));
    mkdirSync(dirname(keyFile), { recursive: true });
    // Of several processes starting together exactly one puts its key in place, whole: written
    // beside it, then linked (a link never replaces a file). Creating the file itself with `wx`
    // let another process read it in the instant between its creation and its write (empty).
    const mine = `${keyFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(mine, randomBytes(KEY_BYTES).toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
    try {
      linkSync(mine, keyFile);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    } finally {
      unlinkSync(mine);
    }
    chmodSync(keyFile, 0o600);
    return SecretBox.fromKey(Buffer.from(readFileSync(keyFile, 'utf8').trim(), 'base64'));
  }

  /** `v1:<iv>:<ciphertext and tag>`, base64url. */
  seal(plaintext: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv).setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `${PREFIX}${iv.toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The plaintext; throws when the value was altered, moved to another row or sealed with another key. */
  open(sealed: string, context: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed secret');
    const [iv, body] = sealed.slice(PREFIX.length).split(':');
    const bytes = Buffer.from(body ?? '', 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv ?? '', 'base64url')).setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  }
}

/**
 * Opens the newest sealed signing key and authenticator seed stored in the database. A box
 * holding another key than the one that sealed them (a process started with a different
 * SECRETS_KEY on a shared database) would answer 500 on every sign-in: it must not start.
 */
export async function assertStoredSecretsOpen(db: Queryable, box: SecretBox, keySource: string): Promise<void> {
  const { rows: keys } = await db.query<{ kid: string; sealed: string }>(
    "SELECT kid, private_jwk->>'sealed' AS sealed FROM signing_keys WHERE private_jwk ? 'sealed' ORDER BY created_at DESC LIMIT 1",
  );
  const { rows: seeds } = await db.query<{ totp_id: string; secret: string }>("SELECT totp_id, secret FROM totps WHERE secret LIKE 'v1:%' ORDER BY created_at DESC LIMIT 1");
  const stored = [
    ...keys.map((k) => ({ what: 'session-JWT signing key', sealed: k.sealed, context: k.kid })),
    ...seeds.map((t) => ({ what: 'authenticator-app seed', sealed: t.secret, context: t.totp_id })),
  ];
  for (const { what, sealed, context } of stored) {
    try {
      box.open(sealed, context);
    } catch {
      throw new Error(`the ${keySource} does not open the ${what}s stored in this database; ` + 'every process and machine sharing a database needs the same SECRETS_KEY (base64 of 32 bytes)');
    }
  }
}
