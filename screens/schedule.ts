/*
 * When a widget's side work runs, away from its first paint. The element renders its first
 * screen synchronously (elements/base/react-root.ts), and React then runs that render's
 * effects in the same task, before the browser paints: whatever a mount effect does directly
 * (a page's first storage read, scheduling idle work) delays the first screen (bench/RESULTS.md).
 */

/**
 * Runs `fn` in a task after the next frame, so after the paint that frame makes; returns the
 * cancel. A hidden page makes no frames: a timer stands in, as where there is no
 * requestAnimationFrame.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => (timer = setTimeout(fn, 0)));
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Runs `fn` when the browser is next idle (at the latest after `timeout` ms); returns the cancel. Safari has no requestIdleCallback: a short timeout stands in. */
export function whenIdle(fn: () => void, timeout: number): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, Math.min(timeout, 300));
  return () => clearTimeout(id);
}
