import { useLayoutEffect, useRef } from 'react';

/**
 * A field of server-rendered markup works before the widget's script arrives, so the user may
 * already have typed (or picked) something when React hydrates it. Hydration keeps the node and
 * its text but starts the state from the server's value; at the field's first commit this takes
 * what the node holds into the state. In a client render the two are always equal: a no-op.
 */
export function useServerTypedValue<E extends HTMLInputElement | HTMLSelectElement>(value: string, setValue: (value: string) => void) {
  const ref = useRef<E>(null);
  const first = useRef({ value, setValue });
  useLayoutEffect(() => {
    const held = ref.current?.value;
    if (held !== undefined && held !== first.current.value) first.current.setValue(held);
  }, []);
  return ref;
}
