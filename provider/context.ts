import type { ProjectConfig } from './config.ts';
import type { Database } from './db/index.ts';

/** What every route needs, built once per server and passed in (no module-level state). */
export interface ProviderContext {
  config: ProjectConfig;
  db: Database;
  /** Development pages (outbox, consent) are on unless NODE_ENV=production says otherwise. */
  devPages: boolean;
}
