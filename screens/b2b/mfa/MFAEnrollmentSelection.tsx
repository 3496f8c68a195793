import { Heading } from '../../components/Heading.tsx';
import { useGo } from '../../hooks/useGo.ts';
import { useB2BStrings } from '../widget.ts';
import { useMfa } from './useMfa.ts';

/**
 * MFA Enrollment Selection: the second factors the member may set up, one button each, in
 * `mfaProductOrder` (the organization's restriction, else `mfaProductInclude`, decides which).
 */
export default function MFAEnrollmentSelection() {
  const t = useB2BStrings();
  const go = useGo();
  const [mfa] = useMfa();
  return (
    <section part="container">
      <Heading>{t('mfa.enrollment.title')}</Heading>
      <p>{t('mfa.enrollment.content')}</p>
      {mfa.offered.map((product) => (
        <button key={product} type="button" part="button button-secondary" onClick={() => go(product === 'totp' ? 'TOTPEnrollmentQRCode' : 'SMSOTPEnrollment')}>
          {t(product === 'totp' ? 'mfa.enrollment.option.totp' : 'mfa.enrollment.option.sms')}
        </button>
      ))}
    </section>
  );
}
