/**
 * A one-line field for something typed as it is written down (a recovery code, an organization's
 * slug): no spell check, and left to right in every language. Its accessible name is `label`, as
 * the official screens give it no visible label; the form's error line (`describedBy`) describes it.
 */
export function TextInput(props: { id: string; name: string; label: string; placeholder: string; value: string; onChange(value: string): void; invalid: boolean; describedBy: string | undefined }) {
  return (
    <input
      id={props.id}
      part="input"
      type="text"
      name={props.name}
      autoComplete="off"
      spellCheck={false}
      dir="ltr"
      aria-label={props.label}
      placeholder={props.placeholder}
      aria-invalid={props.invalid ? true : undefined}
      aria-describedby={props.describedBy}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
}
