export { ghostButtonCss } from '../../components/linkButton.ts';

/** The password screens' forms: the B2B forms' column. */
export { formCss } from '../EmailForm.tsx';
