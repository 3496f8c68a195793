/** @jsxImportSource react */
import type { ReactNode } from 'react';

export const metadata = { title: 'Sign-in widget in a Next.js app' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 960, margin: '0 auto', padding: '1rem' }}>{children}</body>
    </html>
  );
}
