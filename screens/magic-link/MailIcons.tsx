/*
 * Marks of the three inbox links. Our look hides them (`mail-icon` part); stytch-ui/compat's
 * official look shows them inside its button-style links, as the official UI 6.x does.
 */
import type { ReactElement } from 'react';

const svg = { width: 20, height: 20, viewBox: '0 0 20 20', 'aria-hidden': true, focusable: false, part: 'mail-icon' } as const;

/** A mark: its shapes in the frame every mark shares. */
const mark = (shapes: ReactElement) => (): ReactElement => <svg {...svg}>{shapes}</svg>;

export const mailIcons = {
  gmail: mark(
    <>
      <path d="M2 5.5v9.5c0 .6.4 1 1 1h2.5V8.6L10 12l4.5-3.4V16H17c.6 0 1-.4 1-1V5.5c0-1.2-1.4-1.9-2.4-1.2L10 8.5 4.4 4.3C3.4 3.6 2 4.3 2 5.5Z" fill="#EA4335" />
      <path d="M2 5.5V15c0 .6.4 1 1 1h2.5V8.6Z" fill="#4285F4" />
      <path d="M18 5.5V15c0 .6-.4 1-1 1h-2.5V8.6Z" fill="#34A853" />
      <path d="M14.5 8.6V4.9l1.1-.6c1-.7 2.4 0 2.4 1.2Z" fill="#FBBC04" />
    </>,
  ),
  yahoo: mark(
    <>
      <rect x="1" y="1" width="18" height="18" rx="4" fill="#6001D2" />
      <path d="M5 6h2.3L10 10.4 12.7 6H15l-3.9 6v2.5H8.9V12Z" fill="#fff" />
    </>,
  ),
  outlook: mark(
    <>
      <rect x="1" y="1" width="18" height="18" rx="4" fill="#0F6CBD" />
      <circle cx="10" cy="10" r="4" fill="none" stroke="#fff" strokeWidth="2.2" />
    </>,
  ),
};
