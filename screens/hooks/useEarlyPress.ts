import { useLayoutEffect, useRef, type RefObject } from 'react';

/*
 * Server markup (stytch-ui/server, stytch-ui/react on a server) shows Main's forms before React
 * has hydrated them. Their method=dialog makes a press there send nothing (and not reload the
 * page); a listener installed as soon as any of our script runs keeps that press on the form
 * node, and the form sends it once it has hydrated. A press before any of our script stays a
 * no-op: no script, no listener.
 */

const EARLY_PRESS = Symbol.for('stytch-ui.early-press');
type KeptOn = HTMLFormElement & { [EARLY_PRESS]?: HTMLElement | null };

/**
 * Keeps, on the form, a submit under `root` (the element or its shadow root) that nothing
 * handled: a hydrated form's onSubmit prevents the default, so an unprevented submit is a press
 * on markup not yet hydrated. Returns the stop.
 */
export function keepEarlyPresses(root: Node): () => void {
  const keep = (e: Event) => {
    if (e.defaultPrevented || !(e.target instanceof HTMLFormElement)) return;
    (e.target as KeptOn)[EARLY_PRESS] = (e as SubmitEvent).submitter;
  };
  root.addEventListener('submit', keep);
  return () => root.removeEventListener('submit', keep);
}

/** The ref of a form of Main: at its first commit (its hydration) it sends a press kept from before, once. */
export function useEarlyPress(): RefObject<HTMLFormElement | null> {
  const ref = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    const form = ref.current as KeptOn | null;
    if (!form || !(EARLY_PRESS in form)) return;
    const submitter = form[EARLY_PRESS];
    delete form[EARLY_PRESS];
    // After the commit, so the press is handled as any other, with the values hydration adopted.
    setTimeout(() => {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected && (submitter as HTMLButtonElement).form === form ? submitter : undefined);
    });
  }, []);
  return ref;
}
