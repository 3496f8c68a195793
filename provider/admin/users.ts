import { deleteUser, searchUsers } from '../services/user-admin.ts';
import { loadUser } from '../services/users.ts';
import { UsageError, type AdminCommand } from './types.ts';

/** The value after `--name` in args, if any. */
function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

/** Users: list, show, delete. */
export const commands: Record<string, AdminCommand> = {
  list: {
    summary: 'list users, oldest first: id, creation date, status, emails, phone numbers',
    usage: '[--email <address>] [--limit <n>] [--cursor <cursor>]',
    async run(ctx, args) {
      const limit = Number(option(args, 'limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw new UsageError('--limit must be an integer from 1 to 1000');
      const email = option(args, 'email');
      const page = await searchUsers(await ctx.db(), {
        limit,
        cursor: option(args, 'cursor'),
        query: email ? { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] } : undefined,
      });
      for (const u of page.results) {
        const emails = (u.emails as Array<{ email: string }>).map((e) => e.email);
        const phones = (u.phone_numbers as Array<{ phone_number: string }>).map((p) => p.phone_number);
        ctx.print([u.user_id, u.created_at, u.status, [...emails, ...phones].join(',') || '-'].join('  '));
      }
      ctx.print(`${page.results.length} of ${page.total} users${page.nextCursor ? `; next page: --cursor ${page.nextCursor}` : ''}`);
    },
  },
  show: {
    summary: 'print one user as the server API returns it',
    usage: '<user_id>',
    async run(ctx, args) {
      if (!args[0]) throw new UsageError('name the user id');
      const user = await loadUser(await ctx.db(), args[0]);
      if (!user) {
        ctx.print(`no user ${args[0]}`);
        return 1;
      }
      for (const line of JSON.stringify(user, null, 2).split('\n')) ctx.print(line);
    },
  },
  delete: {
    summary: 'delete a user with every factor and session it has',
    usage: '<user_id>',
    async run(ctx, args) {
      if (!args[0]) throw new UsageError('name the user id');
      if (!(await deleteUser(await ctx.db(), args[0]))) {
        ctx.print(`no user ${args[0]}`);
        return 1;
      }
      ctx.print(`deleted ${args[0]} and ended its sessions`);
    },
  },
};
