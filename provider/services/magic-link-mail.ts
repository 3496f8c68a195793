import type { ProviderContext, QueuedMessage } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { issueEmailToken } from './email-tokens.ts';
import { resolveLocale } from './messages/locale.ts';
import { inviteMessage, magicLinkMessage } from './messages/templates.ts';

/** Why the link is sent: it picks the email's wording. */
export type LinkPurpose = 'login' | 'signup' | 'invite';

/**
 * Issues a single-use magic link for the email and queues its message (in `locale`, English
 * when absent or unknown) in the same transaction; dispatch the result after commit.
 */
export async function mailMagicLink(
  ctx: ProviderContext,
  tx: Queryable,
  p: { userId: string; emailId: string; email: string; url: string; minutes: number; codeChallenge?: string; purpose: LinkPurpose; locale?: string },
): Promise<QueuedMessage> {
  const link = await issueEmailToken(ctx, tx, 'magic_link', p.userId, p.emailId, p.url, p.minutes, p.codeChallenge);
  const locale = resolveLocale(p.locale);
  const message = p.purpose === 'invite'
    ? inviteMessage(ctx.config, locale, p.email, link, p.minutes)
    : magicLinkMessage(ctx.config, locale, p.purpose, p.email, link, p.minutes);
  return ctx.delivery.send(tx, message);
}
