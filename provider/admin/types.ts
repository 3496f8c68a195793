import type { ProjectConfig } from '../config.ts';
import type { Database } from '../db/index.ts';

/** What every admin command gets: the same project and database the provider uses. */
export interface AdminContext {
  /**
   * Opens the database on first use (and main closes it). Lazy because the embedded database
   * admits one process: commands that only touch the project file (secrets) still run while
   * an embedded-database provider is up.
   */
  db(): Promise<Database>;
  /** The project as the provider resolves it (file, then environment overrides). */
  project: ProjectConfig;
  /** The project file secrets are stored in. */
  projectFile: string;
  /** The environment the CLI runs with (DATABASE_URL, DATA_DIR, SMTP_URL, ...). */
  env: NodeJS.ProcessEnv;
  /** Writes one line of output. */
  print(line: string): void;
}

/** One `npm run admin -- <group> <command> [args]` command. */
export interface AdminCommand {
  /** One line for `help`. */
  summary: string;
  /** The arguments after the command name, e.g. `<user_id>`. */
  usage: string;
  /** Runs the command; the number is the exit code (0 when nothing is returned). */
  run(ctx: AdminContext, args: string[]): Promise<number | void>;
}

/** A usage mistake: main prints it with the command's usage line and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
