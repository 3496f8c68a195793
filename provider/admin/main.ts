import { runAdmin } from './run.ts';

/**
 * `npm run admin -- <group> <command> [args]`: operator commands against the same project
 * file and database as `npm run provider`. Exits at once when done: an open handle (a pool,
 * a mail connection) never keeps an operator waiting.
 */
process.exit(await runAdmin(process.argv.slice(2), process.env, { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) }));
