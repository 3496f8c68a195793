import { Heading } from '../components/Heading.tsx';
import { useWidget } from '../context.ts';

/** The reset form, loaded on demand; the form itself comes with the password flow. */
export default function ResetPassword() {
  const { strings } = useWidget();
  return (
    <section part="container">
      <Heading>{strings.resetPasswordTitle}</Heading>
    </section>
  );
}
