/** A button that reads as an inline link ('Forgot Password?', 'Resend code', 'try again'). */
export const linkButtonCss = {
  background: 'none',
  border: 0,
  padding: 0,
  color: 'inherit',
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
} as const;

/** A quiet action under a form's buttons ('Go back', 'Use a password instead'): the official B2B ghost button. */
export const ghostButtonCss = { ...linkButtonCss, alignSelf: 'center', padding: 4 } as const;
