import type { Timers } from './env.ts';

/**
 * Resolves with what `p` resolves to, or with undefined once `ms` have passed or if `p` rejects,
 * whichever comes first. For waits that must end even when the network never answers: the
 * transport itself has no timeout.
 */
export function withTimeout<T>(p: Promise<T>, ms: number, timers: Timers): Promise<T | undefined> {
  return new Promise((resolve) => {
    const h = timers.setTimeout(() => resolve(undefined), ms);
    const end = (v: T | undefined) => {
      timers.clearTimeout(h);
      resolve(v);
    };
    p.then(end, () => end(undefined));
  });
}

/**
 * Resolves in a later task: work split at these points lets the browser handle input between.
 * The page's own timer, not the client's clock (`env.timers`, which tests move by hand): this is
 * about when the browser runs the work, not about time.
 */
export function nextTask(): Promise<void> {
  return new Promise((go) => void setTimeout(go, 0));
}
