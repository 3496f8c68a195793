import { strings } from '../strings.ts';

/** The reset form, loaded on demand. */
export default function ResetPassword() {
  return (
    <section part="container">
      <h1 part="header" tabIndex={-1}>{strings.resetPasswordTitle}</h1>
    </section>
  );
}
