import { listFailures } from '../services/delivery.ts';
import { checkSender } from './doctor.ts';
import type { AdminCommand } from './types.ts';

/** Reads `--name value` from args. */
function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

const failures: AdminCommand = {
  summary: 'List recent messages that failed, went unconfirmed or expired unsent, newest first',
  usage: '[--limit N] [--channel email|sms|whatsapp]',
  async run(ctx, args) {
    const limitArg = option(args, 'limit') ?? '20';
    const limit = Number(limitArg);
    if (!Number.isInteger(limit) || limit < 1) {
      ctx.print(`--limit must be a positive integer, got ${limitArg}`);
      return 2;
    }
    const channel = option(args, 'channel');
    if (channel !== undefined && !['email', 'sms', 'whatsapp'].includes(channel)) {
      ctx.print(`--channel must be email, sms or whatsapp, got ${channel}`);
      return 2;
    }
    const rows = await listFailures(await ctx.db(), limit, channel);
    if (rows.length === 0) {
      ctx.print(channel ? `No failed ${channel} messages.` : 'No failed messages.');
      return 0;
    }
    for (const r of rows) {
      ctx.print(
        `${r.created_at}  ${r.channel.padEnd(8)}  ${r.to}  ${r.status.padEnd(11)}  via ${r.transport}, ${r.attempts} attempt${r.attempts === 1 ? '' : 's'}: ${r.error ?? '(no reason recorded)'}`,
      );
    }
    return 0;
  },
};

const doctor: AdminCommand = {
  summary: "Check that the sender's domain lets mail land (SPF, DKIM, DMARC) and print what to fix",
  usage: '[--selector DKIM_SELECTOR]',
  async run(ctx, args) {
    const selector = option(args, 'selector') ?? ctx.project.delivery.dkimSelector;
    const servers = ctx.env.DNS_SERVERS?.split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const findings = await checkSender(ctx.project, { selector, servers });
    for (const f of findings) ctx.print(`${f.level.padEnd(4)}  ${f.check.padEnd(6)}  ${f.message}`);
    const fixes = findings.filter((f) => f.level === 'fix').length;
    if (fixes) ctx.print(`${fixes} thing${fixes === 1 ? '' : 's'} to fix before mail from this sender lands reliably.`);
    else if (findings.some((f) => f.level === 'skip')) ctx.print('Nothing to fix found, but the DNS checks were skipped.');
    else ctx.print('Nothing to fix.');
    return fixes ? 1 : 0;
  },
};

/** The delivery group of the admin CLI. */
export const commands: Record<string, AdminCommand> = { doctor, failures };
