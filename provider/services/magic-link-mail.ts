import type { ProviderContext, QueuedMessage } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { issueEmailToken, issueLink, type B2BTokenKind, type TokenSubject } from './email-tokens.ts';
import { resolveLocale } from './messages/locale.ts';
import { inviteMessage, magicLinkMessage } from './messages/templates.ts';

/** Why the link is sent: it picks the email's wording. */
export type LinkPurpose = 'login' | 'signup' | 'invite';

function linkMessage(ctx: ProviderContext, purpose: LinkPurpose, email: string, link: string, minutes: number, asked: string | undefined) {
  const locale = resolveLocale(asked);
  return purpose === 'invite' ? inviteMessage(ctx.config, locale, email, link, minutes) : magicLinkMessage(ctx.config, locale, purpose, email, link, minutes);
}

/**
 * Issues a single-use magic link for the email and queues its message (in `locale`, English
 * when absent or unknown) in the same transaction; dispatch the result after commit.
 */
export async function mailMagicLink(
  ctx: ProviderContext,
  tx: Queryable,
  p: {
    userId: string;
    emailId: string;
    email: string;
    url: string;
    minutes: number;
    codeChallenge?: string;
    purpose: LinkPurpose;
    locale?: string;
    /** Called with the new token in the same transaction, before the message is queued (a cross-device request binds to it). */
    bind?: (token: string) => Promise<void>;
  },
): Promise<QueuedMessage> {
  const link = await issueEmailToken(ctx, tx, 'magic_link', p.userId, p.emailId, p.url, p.minutes, p.codeChallenge);
  if (p.bind) await p.bind(new URL(link).searchParams.get('token')!);
  return ctx.delivery.send(tx, linkMessage(ctx, p.purpose, p.email, link, p.minutes, p.locale));
}

/** `mailMagicLink` for B2B links (discovery, organization sign-in, invitations), which name an address. */
export async function mailB2BLink(
  ctx: ProviderContext,
  tx: Queryable,
  p: { kind: B2BTokenKind; subject: TokenSubject & { email: string }; url: string; minutes: number; codeChallenge?: string; purpose: LinkPurpose; locale?: string },
): Promise<QueuedMessage> {
  // The purpose is the redirect URL's type, which the link names as the hosted provider's do.
  const link = await issueLink(ctx, tx, p.kind, p.subject, p.url, p.minutes, p.codeChallenge, p.purpose);
  return ctx.delivery.send(tx, linkMessage(ctx, p.purpose, p.subject.email, link, p.minutes, p.locale));
}
