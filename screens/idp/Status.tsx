import { ErrorText } from '../components/ErrorText.tsx';
import { Spinner } from '../components/Spinner.tsx';

/** The wait (loading, redirecting): the spinner and its words, announced. */
export function Waiting({ text }: { text: string }) {
  return (
    <section part="container" aria-busy="true" css={{ alignItems: 'center', textAlign: 'center' }}>
      <Spinner size={48} thickness={5} />
      <p role="status" css={{ margin: 0 }}>
        {text}
      </p>
    </section>
  );
}

/** A message in place of the screen: an error (announced as one), or a plain line. */
export function Notice({ text, error = false }: { text: string; error?: boolean }) {
  return (
    <section part="container">
      {error ? (
        <ErrorText message={text} />
      ) : (
        <p role="status" css={{ margin: 0 }}>
          {text}
        </p>
      )}
    </section>
  );
}
