import type { ProjectConfig } from './config.ts';
import type { Database } from './db/index.ts';
import type { Delivery } from './services/delivery.ts';
import type { SigningKeys } from './services/jwt.ts';
import type { ProjectSecrets } from './services/project-secrets.ts';
import type { SecretBox } from './services/secrets.ts';

/** The time source; tests inject a movable clock instead of patching globals. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** What every route needs, built once per server and passed in (no module-level state). */
export interface ProviderContext {
  config: ProjectConfig;
  db: Database;
  clock: Clock;
  keys: SigningKeys;
  delivery: Delivery;
  /** Encrypts the secrets the provider must read back (TOTP seeds, JWT signing keys). */
  secrets: SecretBox;
  /** The server API's secrets (`/v1`, Basic `project_id:secret`). */
  projectSecrets: ProjectSecrets;
  /** Development pages (outbox, consent) are on unless NODE_ENV=production says otherwise. */
  devPages: boolean;
  /** 'test' or 'live', from the public token of the project being served. */
  env: 'test' | 'live';
}
