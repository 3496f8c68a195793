import { keyframes } from '@emotion/react';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** A circular progress indicator; `label` names it for screen readers, otherwise it is decorative. */
export function Spinner({ size = 18, thickness = 3, label }: { size?: number; thickness?: number; label?: string }) {
  const r = (size - thickness) / 2;
  return (
    <svg
      part="spinner"
      data-size={size}
      width={size}
      height={size}
      viewBox={`0 0 ${size} ${size}`}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
      // WCAG 2.3.3: with reduced motion asked for, the arc stands still (it still says "busy").
      css={{ animation: `${spin} 1s linear infinite`, flex: 'none', '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }}
    >
      <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="var(--stytch-colors-secondary)" strokeOpacity="0.25" strokeWidth={thickness} />
      <circle cx={size / 2} cy={size / 2} r={r} fill="none" stroke="var(--stytch-colors-primary)" strokeWidth={thickness} strokeLinecap="round" strokeDasharray={`${r * 1.6} ${r * 10}`} />
    </svg>
  );
}
