import { useEffect, useState } from 'react';
import { readRetryAfter } from '../../client/errors.ts';
import { ErrorText } from '../components/ErrorText.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useSignedIn } from '../hooks/useSignedIn.ts';
import { magicLinkMessages } from '../i18n/en/magic-link.ts';

/** How often the asking tab asks whether its link was confirmed (the provider allows 60 a minute by default). */
const POLL_MS = 2000;

/** Statuses after which nothing more can happen to the request: the poll stops and says why. */
const ENDED = { expired: 'linkRequest.expired', locked: 'linkRequest.locked', spent_elsewhere: 'linkRequest.spentElsewhere', redeemed: 'linkRequest.spentElsewhere' } as const;

/**
 * The asking tab's half of a cross-device link ('Check your email' with `crossDevice`): the
 * code to enter on the link's page, and a poll (with the request's secret, which never leaves
 * this tab) that signs in here once the link is confirmed anywhere. A 429 waits its
 * Retry-After; a failed poll is tried again on the next tick.
 */
export function LinkRequestWait({ request }: { request: { request_id: string; secret: string; code: string } }) {
  const t = useStrings(magicLinkMessages);
  const { client, config, env } = useWidget();
  const signedIn = useSignedIn();
  const [ended, setEnded] = useState<(typeof ENDED)[keyof typeof ENDED]>();

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof env.timers.setTimeout> | undefined;
    const next = (ms: number) => {
      if (!stopped) timer = env.timers.setTimeout(() => void tick(), ms);
    };
    const tick = async () => {
      try {
        const r = await requireClient(client).magicLinks.linkRequests.poll(request, { session_duration_minutes: config.session.sessionDurationMinutes });
        if (stopped) return;
        if (r.status === 'approved') {
          signedIn('MAGIC_LINK_AUTHENTICATE', r, 'magic_link');
        } else if (r.status === 'pending') next(POLL_MS);
        else setEnded(ENDED[r.status]);
      } catch (err) {
        next(Math.max(POLL_MS, (readRetryAfter(err) ?? 0) * 1000));
      }
    };
    next(POLL_MS);
    return () => {
      stopped = true;
      if (timer !== undefined) env.timers.clearTimeout(timer);
    };
  }, [client, config, env, request, signedIn]);

  if (ended) return <ErrorText message={t(ended)} />;
  return (
    <div part="link-request" css={{ display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'center', textAlign: 'center' }}>
      <p css={{ margin: 0 }}>{t('linkRequest.codeIntro')}</p>
      {/* Digits read one by one, left to right in every language. */}
      <p part="link-request-code" dir="ltr" css={{ margin: 0, fontSize: 32, fontWeight: 700, letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' }}>
        {request.code}
      </p>
      <p part="helper" css={{ margin: 0 }}>
        {t('linkRequest.waiting')}
      </p>
    </div>
  );
}
