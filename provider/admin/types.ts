import type { ProjectConfig } from '../config.ts';
import type { Database } from '../db/index.ts';

/** What an admin command runs with: the opened database, the loaded project, the environment and an output line sink. */
export interface AdminContext {
  db: Database;
  project: ProjectConfig;
  env: NodeJS.ProcessEnv;
  print(line: string): void;
}

/** One `npm run admin -- <name>` command; `run` resolves with the exit code (0 when void). */
export interface AdminCommand {
  summary: string;
  usage: string;
  run(ctx: AdminContext, args: string[]): Promise<number | void>;
}
