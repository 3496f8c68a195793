import { join, resolve } from 'node:path';
import { loadProjectConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/index.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { findCommand, groups, standalone } from './commands.ts';
import { UsageError, type AdminContext } from './types.ts';

/**
 * `npm run admin -- <group> <command> [args]`: operator commands against the same project
 * file and database as `npm run provider` (DATA_DIR, DATABASE_URL, PROJECT_FILE resolve the same way).
 */
const env = process.env;
const dataDir = resolve(env.DATA_DIR ?? '.data');
const projectFile = env.PROJECT_FILE || join(dataDir, 'project.json');
const print = (line: string) => process.stdout.write(`${line}\n`);

function help(): void {
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

async function main(argv: string[]): Promise<number> {
  const [group, name] = argv;
  if (group === undefined || group === 'help' || group === '--help' || group === '-h') {
    help();
    return 0;
  }
  const found = findCommand(argv);
  if (!found) {
    process.stderr.write(`unknown command: ${[group, name].filter(Boolean).join(' ')}\n\n`);
    help();
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
      process.stderr.write(`${e.message}\nusage: npm run admin -- ${label} ${command.usage}\n`);
      return 2;
    }
    if (e instanceof DataDirLockedError) {
      process.stderr.write(`admin: ${e.message}. The embedded database serves one process: stop the provider first, or run both on PostgreSQL (DATABASE_URL).\n`);
      return 1;
    }
    throw e;
  } finally {
    if (db) await (await db).close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`admin: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
