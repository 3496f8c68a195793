import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { loadProjectConfig, type ProjectConfig } from '../config.ts';
import { safeEqual, sha256 } from './ids.ts';

/** A server API secret as the project file keeps it: never the value, only its hash. */
export type StoredSecret = ProjectConfig['secrets'][number];

/** Secrets from PROJECT_SECRETS: comma-separated, so a new one can go live before the old one is removed. */
export function envSecrets(env: NodeJS.ProcessEnv): string[] {
  return (env.PROJECT_SECRETS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/**
 * The least a server API secret from PROJECT_SECRETS must be: 32 characters, of at least 8
 * different characters. A generated secret (`npm run admin -- secrets create`) is 256 random
 * bits; 32 random hex digits (128 bits) pass too, while `a`, a word or a short repeated pattern
 * does not. The environment is the only place a person chooses a secret, so only it is checked.
 */
export const SECRET_MIN_LENGTH = 32;
export const SECRET_MIN_DISTINCT = 8;

/**
 * Throws, naming PROJECT_SECRETS and the rule (never the value), when one of its secrets is
 * weaker than the minimum: a guessable secret opens the whole server API.
 */
export function assertStrongSecrets(env: NodeJS.ProcessEnv): void {
  envSecrets(env).forEach((secret, i) => {
    const distinct = new Set(secret).size;
    if (secret.length < SECRET_MIN_LENGTH || distinct < SECRET_MIN_DISTINCT) {
      throw new Error(
        `PROJECT_SECRETS: secret ${i + 1} is too weak (${secret.length} characters, ${distinct} different): ` +
          `each secret needs at least ${SECRET_MIN_LENGTH} characters, of at least ${SECRET_MIN_DISTINCT} different ones. ` +
          'Create one with `npm run admin -- secrets create`.',
      );
    }
  });
}

/** How often at most a running provider looks at the project file for added or deleted secrets. */
const RELOAD_MS = 1000;

/**
 * The secrets the server API accepts. Hashes from the project file are re-read when the file
 * changes (the admin CLI edits it while providers run), so adding or deleting a secret needs
 * no restart.
 */
export class ProjectSecrets {
  private hashes: string[];
  private checkedAt = 0;
  /** The file as last read: a rename (a new inode), a size or an mtime tells a change, even two within one clock tick. */
  private version = '';

  constructor(
    private readonly file: string | undefined,
    private readonly env: NodeJS.ProcessEnv,
    initial: StoredSecret[],
    private readonly now: () => Date = () => new Date(),
  ) {
    this.hashes = this.combine(initial);
    if (file && existsSync(file)) this.version = fileVersion(file);
    this.checkedAt = now().getTime();
  }

  private combine(stored: StoredSecret[]): string[] {
    return [...envSecrets(this.env).map(sha256), ...stored.map((s) => s.hash)];
  }

  private reload(): void {
    const now = this.now().getTime();
    if (!this.file || now - this.checkedAt < RELOAD_MS) return;
    this.checkedAt = now;
    try {
      const version = fileVersion(this.file);
      if (version === this.version) return;
      this.hashes = this.combine(loadProjectConfig(this.file, this.env).secrets);
      this.version = version;
    } catch (e) {
      // A half-edited or broken file keeps the secrets last read rather than locking everyone out.
      // A JSON parser's message quotes the file, which may hold other secrets: only say what failed.
      const why = e instanceof SyntaxError ? 'not valid JSON' : (e as Error).message;
      console.error(`provider: could not re-read secrets from ${this.file}: ${why}`);
    }
  }

  /**
   * The hash of the matching secret, or null. Every stored hash is compared, in constant time,
   * whatever matched first, so timing tells nothing about how close a guess was.
   */
  match(secret: string): string | null {
    this.reload();
    const h = sha256(secret);
    let found: string | null = null;
    for (const stored of this.hashes) if (safeEqual(stored, h)) found = stored;
    return found;
  }
}

function fileVersion(file: string): string {
  const st = statSync(file);
  return `${st.ino}:${st.size}:${st.mtimeMs}`;
}

function readRaw(file: string): Record<string, unknown> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

/** Replaces the file in one rename, so a provider reading it never sees half of it. */
function writeRaw(file: string, raw: Record<string, unknown>): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(raw, null, 2) + '\n', { mode: 0o600 });
  renameSync(tmp, file);
}

function storedIn(raw: Record<string, unknown>): StoredSecret[] {
  return Array.isArray(raw.secrets) ? (raw.secrets as StoredSecret[]) : [];
}

/** Creates a secret, stores its hash in the project file and returns the value (shown once, never again). */
export function createSecret(file: string, env: 'test' | 'live', now = new Date()): { id: string; secret: string; createdAt: string } {
  const secret = `secret-${env}-${randomBytes(32).toString('base64url')}`;
  const entry: StoredSecret = { id: `project-secret-${env}-${randomUUID()}`, hash: sha256(secret), createdAt: now.toISOString() };
  const raw = readRaw(file);
  writeRaw(file, { ...raw, secrets: [...storedIn(raw), entry] });
  return { id: entry.id, secret, createdAt: entry.createdAt };
}

/** Removes a secret by id; false when the file holds none with that id. */
export function deleteSecret(file: string, id: string): boolean {
  const raw = readRaw(file);
  const kept = storedIn(raw).filter((s) => s.id !== id);
  if (kept.length === storedIn(raw).length) return false;
  writeRaw(file, { ...raw, secrets: kept });
  return true;
}

/**
 * First start: when neither PROJECT_SECRETS nor the project file holds a secret, creates one
 * and returns it for the caller to print once; null when a secret already exists.
 */
export function ensureFirstSecret(file: string, config: ProjectConfig, env: NodeJS.ProcessEnv): { id: string; secret: string } | null {
  if (envSecrets(env).length > 0 || config.secrets.length > 0) return null;
  return createSecret(file, config.publicTokens.test ? 'test' : 'live');
}
