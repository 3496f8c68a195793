/** The config-rule error shown instead of the first screen; announced to screen readers. */
export function ConfigError({ message }: { message: string }) {
  return (
    <div part="container">
      <p part="error" role="alert">
        {message}
      </p>
    </div>
  );
}
