import { SafeText } from './SafeText.tsx';

const COLORS = { error: '#8b1214', warning: '#6b4a00', success: '#0c5a4b' } as const;

/** The login form's banner (SPEC §2): error, warning or success. */
export function Banner({ variant, message }: { variant: keyof typeof COLORS; message: string }) {
  return (
    <div
      part={`banner banner-${variant}`}
      role={variant === 'success' ? 'status' : 'alert'}
      css={{ padding: '8px 12px', borderRadius: 4, border: `1px solid ${COLORS[variant]}`, color: COLORS[variant], background: '#fff' }}
    >
      <SafeText text={message} />
    </div>
  );
}
