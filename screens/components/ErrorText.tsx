import { SafeText } from './SafeText.tsx';

/** An error line under a form, announced to screen readers as it appears. */
export function ErrorText({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p part="error" role="alert" id={id}>
      <SafeText text={message} />
    </p>
  );
}
