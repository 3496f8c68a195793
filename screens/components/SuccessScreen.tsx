import type { ReactNode } from 'react';
import { useAnyWidget } from '../context.ts';
import { useOnce } from '../hooks/useOnce.ts';
import { Heading } from './Heading.tsx';
import { SuccessCheck } from './SuccessCheck.tsx';

/** The event every success screen emits once on display (SPEC §4 completion events). */
export const AUTHENTICATE_FLOW_COMPLETE = 'AUTHENTICATE_FLOW_COMPLETE';

/** A success screen: the green check, its title, optional text and what follows (the passkey upgrade); completes the flow once. */
export function SuccessScreen({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  const { callbacks } = useAnyWidget();
  // Once per display, even when React re-runs effects or the callbacks object changes.
  useOnce(() => callbacks.onEvent({ type: AUTHENTICATE_FLOW_COMPLETE, data: {} }));
  return (
    <section part="container" css={{ alignItems: 'center', textAlign: 'center' }}>
      <SuccessCheck />
      <Heading>{title}</Heading>
      {text ? <p>{text}</p> : null}
      {children}
    </section>
  );
}
