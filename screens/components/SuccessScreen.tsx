import { useAnyWidget } from '../context.ts';
import { useOnce } from '../hooks/useOnce.ts';
import { Heading } from './Heading.tsx';
import { SuccessCheck } from './SuccessCheck.tsx';

/** The event every success screen emits once on display (SPEC §4 completion events). */
export const AUTHENTICATE_FLOW_COMPLETE = 'AUTHENTICATE_FLOW_COMPLETE';

/** A success screen: the green check, its title and optional text; completes the flow once. */
export function SuccessScreen({ title, text }: { title: string; text?: string }) {
  const { callbacks } = useAnyWidget();
  // Once per display, even when React re-runs effects or the callbacks object changes.
  useOnce(() => callbacks.onEvent({ type: AUTHENTICATE_FLOW_COMPLETE, data: {} }));
  return (
    <section part="container" css={{ alignItems: 'center', textAlign: 'center' }}>
      <SuccessCheck />
      <Heading>{title}</Heading>
      {text ? <p>{text}</p> : null}
    </section>
  );
}
