/** The official ghost button ('Try to scan the QR code again', 'Go back'): the shared one. */
export { ghostButtonCss } from '../../components/linkButton.ts';

/** Codes to copy (the authenticator secret, the recovery codes): monospace on the inputs' colours, readable in both schemes. */
export const codeBoxCss = {
  padding: 12,
  borderRadius: 'var(--stytch-inputs-border-radius)',
  border: '1px solid var(--stytch-inputs-border-color)',
  background: 'var(--stytch-inputs-background-color)',
  color: 'var(--stytch-inputs-text-color)',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 16,
} as const;
