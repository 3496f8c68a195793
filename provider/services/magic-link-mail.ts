import type { ProviderContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { issueEmailToken } from './email-tokens.ts';

/** Why the link is sent: it picks the email's wording. */
export type LinkPurpose = 'login' | 'signup' | 'invite';

const SUBJECTS: Record<LinkPurpose, (project: string) => string> = {
  login: (p) => `Your ${p} login link`,
  signup: (p) => `Finish signing up to ${p}`,
  invite: (p) => `You have been invited to ${p}`,
};
const ACTIONS: Record<LinkPurpose, string> = { login: 'log in', signup: 'sign up', invite: 'accept the invitation and sign in' };

/** Issues a single-use magic link for the email and queues its message in the same transaction. */
export async function mailMagicLink(
  ctx: ProviderContext,
  tx: Queryable,
  p: { userId: string; emailId: string; email: string; url: string; minutes: number; codeChallenge?: string; purpose: LinkPurpose },
): Promise<void> {
  const link = await issueEmailToken(ctx, tx, 'magic_link', p.userId, p.emailId, p.url, p.minutes, p.codeChallenge);
  await ctx.delivery.send(tx, {
    to: p.email,
    channel: 'email',
    subject: SUBJECTS[p.purpose](ctx.config.name),
    text: `Click the link below to ${ACTIONS[p.purpose]} to ${ctx.config.name}. It expires in ${p.minutes} minutes.\n\n${link}\n`,
    link,
  });
}
