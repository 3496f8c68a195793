import { CLIENT_TYPES, clientShape, createClient, deleteClient, finishSecretRotation, searchClients, startSecretRotation, type ClientType } from '../services/connected-apps.ts';
import { UsageError, type AdminCommand } from './types.ts';

/** Every value after `--name` in args (a flag that may repeat). */
function options(args: string[], name: string): string[] {
  return args.flatMap((a, i) => (a === `--${name}` && args[i + 1] !== undefined ? [args[i + 1]!] : []));
}

const isType = (t: string): t is ClientType => (CLIENT_TYPES as readonly string[]).includes(t);

/** Connected apps' clients: create, list, rotate a secret, delete. A secret is printed once. */
export const commands: Record<string, AdminCommand> = {
  create: {
    summary: "create a connected app client; a confidential one's secret is printed once",
    usage: '--type <first_party|first_party_public|third_party|third_party_public> --name <name> --redirect <url> [--redirect <url>...]',
    async run(ctx, args) {
      const type = options(args, 'type')[0];
      if (!type || !isType(type)) throw new UsageError(`--type must be one of ${CLIENT_TYPES.join(', ')}`);
      const redirects = options(args, 'redirect');
      const env = ctx.project.publicTokens.test ? 'test' : 'live';
      const db = await ctx.db();
      const made = await createClient(db, env, new Date(), type, { client_name: options(args, 'name')[0] ?? '', redirect_urls: redirects }, ctx.project.connectedApps);
      ctx.print(`client_id:      ${made.row.client_id}`);
      if (made.secret !== null) {
        ctx.print(`client_secret:  ${made.secret}`);
        ctx.print('Store the secret now: it is not shown again.');
      }
    },
  },
  list: {
    summary: 'list connected app clients: id, type, name, redirect URLs (never secrets)',
    usage: '',
    async run(ctx) {
      const db = await ctx.db();
      let cursor: string | undefined;
      let count = 0;
      do {
        const page = await searchClients(db, { limit: 500, cursor });
        for (const row of page.rows) {
          const shape = clientShape(row);
          ctx.print(
            [row.client_id, row.client_type, JSON.stringify(row.client_name), row.redirect_urls.join(',') || '-', shape.client_secret_last_four ? `…${String(shape.client_secret_last_four)}` : '']
              .join('  ')
              .trimEnd(),
          );
          count++;
        }
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      ctx.print(`${count} clients`);
    },
  },
  rotate: {
    summary: 'start a secret rotation (the next secret is printed once; both work), or end it with --complete or --cancel',
    usage: '<client_id> [--complete | --cancel]',
    async run(ctx, args) {
      const id = args.find((a) => !a.startsWith('--'));
      if (!id) throw new UsageError('name the client id');
      const db = await ctx.db();
      if (args.includes('--complete') || args.includes('--cancel')) {
        const complete = args.includes('--complete');
        await finishSecretRotation(db, id, complete);
        ctx.print(complete ? `${id}: the next secret is now the only one` : `${id}: rotation cancelled; the current secret stays`);
        return;
      }
      const started = await startSecretRotation(db, id);
      ctx.print(`next_client_secret:  ${started.nextSecret}`);
      ctx.print('Store it now: it is not shown again. Both secrets work until `rotate <client_id> --complete` (or --cancel).');
    },
  },
  delete: {
    summary: 'delete a connected app client with its grants and tokens',
    usage: '<client_id>',
    async run(ctx, args) {
      if (!args[0]) throw new UsageError('name the client id');
      await deleteClient(await ctx.db(), args[0]);
      ctx.print(`deleted ${args[0]}; its tokens no longer work`);
    },
  },
};
