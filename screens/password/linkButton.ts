/** A button that reads as an inline link ('Forgot Password?'). */
export const linkButtonCss = {
  alignSelf: 'flex-start',
  background: 'none',
  border: 0,
  padding: 0,
  color: 'inherit',
  font: 'inherit',
  fontWeight: 600,
  textDecoration: 'underline',
  cursor: 'pointer',
} as const;
