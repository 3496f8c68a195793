import type { ReactNode } from 'react';
import { BackButton } from '../components/BackButton.tsx';
import { Heading } from '../components/Heading.tsx';

/** The frame every crypto screen shares: back arrow to Main, title, then the screen's body. */
export function CryptoLayout({ title, children, back = true }: { title: string; children?: ReactNode; back?: boolean }) {
  return (
    <section part="container">
      {back ? <BackButton /> : null}
      <Heading>{title}</Heading>
      {children}
    </section>
  );
}
