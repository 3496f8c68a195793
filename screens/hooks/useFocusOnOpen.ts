import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { transitionCountAtom } from '../state/atoms.ts';

/**
 * For a screen that exists to be typed into (a passcode): opening it puts the caret in the
 * returned ref's field, after the heading took focus (this effect, the screen's, runs after its
 * child Heading's), so a user who types at once types the code, and mobile keyboards and
 * one-time-code suggestions appear. Not on a first load, which never takes focus from the page.
 */
export function useFocusOnOpen<T extends HTMLElement>() {
  const field = useRef<T>(null);
  const transitions = useAtomValue(transitionCountAtom);
  useEffect(() => {
    if (transitions > 0) field.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the screen opens: later transitions are other screens'
  }, []);
  return field;
}
