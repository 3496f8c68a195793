import { useState } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { ErrorText } from '../components/ErrorText.tsx';
import { Heading } from '../components/Heading.tsx';
import { LoggingIn } from '../components/LoggingIn.tsx';
import { RetryCountdown } from '../components/RetryCountdown.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { SuccessCheck } from '../components/SuccessCheck.tsx';
import { useWidget, useStrings } from '../context.ts';
import { requireClient } from '../hooks/requireClient.ts';
import { useAction } from '../hooks/useAction.ts';
import { useSignedIn } from '../hooks/useSignedIn.ts';
import { useOnce } from '../hooks/useOnce.ts';
import { useReportError } from '../hooks/useReportError.ts';
import { magicLinkMessages } from '../i18n/en/magic-link.ts';

type Looked = { link_request: { expires_at: string; link_device_sign_in: boolean } | null };

/**
 * A magic link's page with `crossDevice` on: nothing is spent until the person acts, so a mail
 * scanner that opens the link (even one that runs scripts) leaves it working. The lookup (a
 * POST that only reads) says whether a tab waits on the link: then the code shown there is
 * asked for, and confirming signs that tab in (and this device too, when chosen and allowed);
 * else one 'Sign in' click redeems the link here, as the official authenticate does.
 */
export function LinkConfirm({ token }: { token: string }) {
  const t = useStrings(magicLinkMessages);
  const { client, config } = useWidget();
  const signedIn = useSignedIn();
  const report = useReportError();
  const id = useWidgetId();
  const [looked, setLooked] = useState<Looked>();
  const [lookupError, setLookupError] = useState<string>();
  const [code, setCode] = useState('');
  const [here, setHere] = useState(false);
  const [done, setDone] = useState(false);
  const action = useAction();
  const duration = config.session.sessionDurationMinutes;

  useOnce(() => {
    Promise.resolve()
      .then(() => requireClient(client).magicLinks.linkRequests.lookup(token))
      .then(setLooked, (err: unknown) => setLookupError(report(err)));
  });

  if (lookupError) {
    return (
      <section part="container">
        <ErrorText message={lookupError} />
      </section>
    );
  }
  if (!looked) return <LoggingIn text={t('linkConfirm.checking')} />;
  if (done) {
    return (
      <section part="container" css={{ alignItems: 'center', textAlign: 'center' }}>
        <SuccessCheck />
        <Heading>{t('linkConfirm.doneTitle')}</Heading>
        <p>{t('linkConfirm.doneContent')}</p>
      </section>
    );
  }

  const request = looked.link_request;
  const submit = () =>
    action.run(async () => {
      const c = requireClient(client);
      if (!request) {
        const r = await c.magicLinks.authenticate(token, { session_duration_minutes: duration });
        return signedIn('MAGIC_LINK_AUTHENTICATE', r, 'magic_link');
      }
      const signInHere = here && request.link_device_sign_in;
      const r = await c.magicLinks.linkRequests.confirm(token, code.trim(), { sign_in_here: signInHere, session_duration_minutes: duration });
      if (signInHere) signedIn('MAGIC_LINK_AUTHENTICATE', r, 'magic_link');
      else setDone(true);
    });

  return (
    <section part="container">
      <Heading>{t('linkConfirm.title')}</Heading>
      <p id={`${id}-content`}>{request ? t('linkConfirm.content') : t('linkConfirm.plainContent')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!action.busy) void submit();
        }}
        css={{ display: 'flex', flexDirection: 'column', gap: 12 }}
      >
        {request ? (
          <>
            <label htmlFor={`${id}-code`} part="label">
              {t('linkConfirm.codeLabel')}
            </label>
            <input
              id={`${id}-code`}
              part="input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              dir="ltr"
              value={code}
              aria-invalid={action.error ? true : undefined}
              aria-describedby={action.error ? `${id}-error` : `${id}-content`}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            />
            {request.link_device_sign_in ? (
              <label part="checkbox-label" css={{ display: 'flex', gap: 8, alignItems: 'center', minHeight: 24 }}>
                <input type="checkbox" part="checkbox" checked={here} onChange={(e) => setHere(e.target.checked)} css={{ width: 20, height: 20, margin: 0 }} />
                {t('linkConfirm.signInHere')}
              </label>
            ) : null}
          </>
        ) : null}
        <RetryCountdown id={`${id}-error`} action={action} />
        <SubmitButton busy={action.busy} disabled={(request !== null && code.trim().length === 0) || action.retryIn > 0}>
          {request ? t('linkConfirm.submit') : t('linkConfirm.plainSubmit')}
        </SubmitButton>
      </form>
    </section>
  );
}
