export { ghostButtonCss } from '../../components/linkButton.ts';

/** The password screens' forms: a column with the official spacing. */
export const formCss = { display: 'flex', flexDirection: 'column', gap: 12 } as const;
