import { keyframes } from '@emotion/react';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** A spinning ring (SPEC §9 sizes: 100 on the logging-in screen); decorative, the text names it. */
export function Spinner({ size, thickness = Math.max(2, Math.round(size / 10)) }: { size: number; thickness?: number }) {
  return (
    <span
      part="spinner"
      aria-hidden="true"
      data-size={size}
      css={{
        display: 'inline-block',
        boxSizing: 'border-box',
        width: size,
        height: size,
        borderRadius: '50%',
        border: `${thickness}px solid var(--stytch-inputs-border-color)`,
        borderTopColor: 'var(--stytch-colors-primary)',
        animation: `${spin} 1s linear infinite`,
      }}
    />
  );
}
