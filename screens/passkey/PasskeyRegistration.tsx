import { strings } from '../strings.ts';

/** Passkey registration start, loaded on demand. */
export default function PasskeyRegistration() {
  return (
    <section part="container">
      <h1 part="header" tabIndex={-1}>{strings.passkeyRegistrationTitle}</h1>
    </section>
  );
}
