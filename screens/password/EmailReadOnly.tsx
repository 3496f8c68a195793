import { useWidget } from '../context.ts';

/** The email the flow is for, shown read-only; `username` lets password managers pair it. */
export function EmailReadOnly({ id, email }: { id: string; email: string }) {
  const { strings } = useWidget();
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <label htmlFor={id} part="label">
        {strings.emailLabel}
      </label>
      <input id={id} part="input" type="email" name="email" autoComplete="username" value={email} readOnly />
    </div>
  );
}
