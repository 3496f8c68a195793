import { Spinner } from '../components/Spinner.tsx';
import { passwordStrings } from './strings.ts';

/** 'Logging in...' with the size-100 spinner, while a link token is redeemed (SPEC §2, §9). */
export function LoggingIn() {
  return (
    <section part="container" css={{ alignItems: 'center', textAlign: 'center' }}>
      <Spinner size={100} thickness={10} />
      <p role="status" css={{ margin: 0 }}>
        {passwordStrings.loggingIn}
      </p>
    </section>
  );
}
