import { expect, waitUntil } from '@open-wc/testing';
import { startTransition, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { preloadable } from '../../../screens/components/preloadable.ts';

// A screen first rendered before its code had arrived (React.lazy suspends) used to become the
// loaded component itself at its next render: another element type, so React unmounted it and
// mounted it again, and every mount effect ran twice (AUTHENTICATE_FLOW_COMPLETE on the element).
describe('preloadable: a screen mounts once', () => {
  it('rendered before its load ended, then re-rendered after: one mount, no unmount', async () => {
    const log: string[] = [];
    function Screen() {
      useEffect(() => {
        log.push('mount');
        return () => void log.push('unmount');
      }, []);
      return <p>screen</p>;
    }
    // Its code arrives within microtasks, as in the script-tag build (every screen in one file):
    // React then replays only the suspended lazy component, and the lazy one was committed.
    const Block = preloadable(() => Promise.resolve(Screen));
    let rerender: () => void = () => {};
    let open: () => void = () => {};
    // As the widget goes to a screen: in a transition (useGo), the screen before staying up
    // while the next one loads.
    function Host() {
      const [count, setCount] = useState(0);
      const [shown, setShown] = useState(false);
      rerender = () => setCount((c) => c + 1);
      open = () => startTransition(() => setShown(true));
      return (
        <div data-renders={count}>
          <Suspense fallback={null}>{shown ? <Block /> : <p>before</p>}</Suspense>
        </div>
      );
    }
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    try {
      flushSync(() => root.render(<Host />));
      open();
      await waitUntil(() => container.textContent === 'screen', 'the screen shows once loaded');
      await waitUntil(() => log.length > 0);
      // Two more renders of the parent, each seen committed.
      for (const n of [1, 2]) {
        rerender();
        await waitUntil(() => container.querySelector(`[data-renders="${n}"]`), `render ${n}`);
      }
      expect(container.textContent).to.equal('screen');
      expect(log).to.deep.equal(['mount']);
    } finally {
      root.unmount();
      container.remove();
    }
  });
});
