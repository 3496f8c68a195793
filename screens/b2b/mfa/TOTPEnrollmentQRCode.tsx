import { useEffect, useRef, useState } from 'react';
import { ErrorText } from '../../components/ErrorText.tsx';
import { Heading } from '../../components/Heading.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { useGo } from '../../hooks/useGo.ts';
import { useReportError } from '../../hooks/useReportError.ts';
import { useB2BClient, useB2BStrings } from '../widget.ts';
import { useMfa } from './useMfa.ts';

/**
 * TOTP Enrollment QR Code: creates the member's authenticator registration once (its secret,
 * QR code and recovery codes stay in the MFA state for the manual view and the codes' save),
 * shows the QR code, and goes on to TOTP Entry.
 */
export default function TOTPEnrollmentQRCode() {
  const t = useB2BStrings();
  const go = useGo();
  const client = useB2BClient();
  const report = useReportError();
  const [mfa, update] = useMfa();
  const [error, setError] = useState<string>();
  const started = useRef(false);
  const { memberId, organizationId } = mfa;
  const created = mfa.totp;
  useEffect(() => {
    if (created || started.current) return;
    started.current = true;
    client.totp.create({ member_id: memberId, organization_id: organizationId }).then(
      (r) => update((s) => ({ ...s, totp: { secret: r.secret, qrCode: r.qr_code, recoveryCodes: r.recovery_codes } })),
      (err: unknown) => setError(report(err)),
    );
  }, [client, created, memberId, organizationId, update, report]);
  return (
    <section part="container" aria-busy={!created && !error}>
      <Heading>{t('totp.setupQr.title')}</Heading>
      <p>{t('totp.setupQr.content')}</p>
      <ErrorText message={error} />
      {created ? (
        <>
          <img part="qr-code" src={created.qrCode} alt={t('mfaTotpEnrollment.qrAltText')} width={200} height={200} css={{ alignSelf: 'center', width: 200, height: 200, background: '#fff' }} />
          <button type="button" part="button button-primary" onClick={() => go('TOTPEntry')}>
            {t('button.continue')}
          </button>
          <button type="button" part="button button-secondary" onClick={() => go('TOTPEnrollmentManual')}>
            {t('button.totpQrManual')}
          </button>
        </>
      ) : error ? null : (
        <Spinner />
      )}
    </section>
  );
}
