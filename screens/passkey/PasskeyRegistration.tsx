import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';

/** Passkey registration start, loaded on demand; the ceremony comes with the passkey flow. */
export default function PasskeyRegistration() {
  const { strings } = useWidget();
  return (
    <section part="container">
      <Heading>{strings.passkeyRegistrationTitle}</Heading>
    </section>
  );
}
