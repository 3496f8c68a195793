import { join, resolve } from 'node:path';
import { loadProjectConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { findCommand, groups, standalone } from './commands.ts';
import { UsageError, type AdminContext } from './types.ts';

/** Where a run of the CLI writes: the process's streams in main.ts, strings in the tests. */
export interface AdminOutput {
  out(text: string): void;
  err(text: string): void;
}

function help(print: (line: string) => void): void {
  print('usage: npm run admin -- <group> <command> [args]');
  print('       npm run admin -- <command> [args]');
  print('');
  for (const [name, command] of Object.entries(standalone)) {
    print(`  ${`${name} ${command.usage}`.trimEnd().padEnd(44)}  ${command.summary}`);
  }
  for (const [group, commands] of Object.entries(groups)) {
    for (const [name, command] of Object.entries(commands)) {
      print(`  ${`${group} ${name} ${command.usage}`.trimEnd().padEnd(44)}  ${command.summary}`);
    }
  }
}

/**
 * One run of `npm run admin -- <argv>` with `env` (DATA_DIR, DATABASE_URL, PROJECT_FILE resolve
 * as `npm run provider` resolves them); the number is the exit code: 0 done, 1 failed, 2 a
 * usage mistake.
 */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv, output: AdminOutput): Promise<number> {
  try {
    return await run(argv, env, output);
  } catch (e) {
    // What no command expected (a project file that does not parse, a database that is down).
    output.err(`admin: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

async function run(argv: string[], env: NodeJS.ProcessEnv, output: AdminOutput): Promise<number> {
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const projectFile = env.PROJECT_FILE || join(dataDir, 'project.json');
  const print = (line: string) => output.out(`${line}\n`);
  const [group, name] = argv;
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
    help(print);
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    output.err(`unknown command: ${[group, name].filter(Boolean).join(' ')}\n\n`);
    help(print);
    return 2;
  }
  const { command, label, args } = found;
  let db: Promise<Database> | undefined;
  const ctx: AdminContext = {
    db: () => (db ??= openDatabase({ dataDir, databaseUrl: env.DATABASE_URL || undefined })),
    project: loadProjectConfig(projectFile, env),
    projectFile,
    env,
    print,
  };
  try {
    return (await command.run(ctx, args)) ?? 0;
  } catch (e) {
    if (e instanceof UsageError) {
      output.err(`${e.message}\nusage: npm run admin -- ${label} ${command.usage}\n`);
      return 2;
    }
    if (e instanceof DataDirLockedError) {
      output.err(`admin: ${e.message}. The embedded database serves one process: stop the provider first, or run both on PostgreSQL (DATABASE_URL).\n`);
      return 1;
    }
    throw e;
  } finally {
    if (db) await (await db).close();
  }
}
