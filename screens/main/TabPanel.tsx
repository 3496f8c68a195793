import { Suspense, useLayoutEffect, useState, type ReactNode, type RefObject } from 'react';

/** What Tab would reach first inside the panel: every login form starts with a field (kept short: Main's first load). */
const FIRST_FIELD = 'input:not([type=hidden]),select,textarea,button';

/**
 * While the form loads: the panel keeps the last form's height (the card keeps its size) and
 * says it is busy. On the first load (no height yet) it stays empty, as Main's first paint was.
 */
function Pending({ height, onPending }: { height: number | undefined; onPending: (pending: boolean) => void }) {
  useLayoutEffect(() => {
    onPending(true);
    return () => onPending(false);
  }, [onPending]);
  return <div part="panel-pending" css={{ minHeight: height }} />;
}

/**
 * Commits with each form: if the user already tabbed into the waiting panel, the form's first
 * field takes over. Not keyed by method, so Text and WhatsApp keep sharing one phone form (and
 * the number typed in it), as before.
 */
function Arrived({ panel, method, children }: { panel: RefObject<HTMLDivElement | null>; method: string; children: ReactNode }) {
  useLayoutEffect(() => {
    const el = panel.current;
    const root = el?.getRootNode() as Document | ShadowRoot | undefined;
    if (el && root?.activeElement === el) el.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
  }, [panel, method]);
  return children;
}

/**
 * The login form's panel (a tabpanel when there are tabs). Each form loads on demand, so just
 * after a tab switch the new one may not be there yet. A keyboard user who switches tabs and
 * presses Tab at once expects the new form's first field, not whatever follows the widget. So
 * while the form is on its way the panel itself is the Tab stop (tabindex 0, aria-busy, as
 * the ARIA tabs pattern has for a panel with nothing focusable), and when the form arrives a
 * panel that holds focus hands it to the form's first field. The alternatives are worse for
 * that user: keeping the old form on show (a transition) would put the Tab in the form just
 * left, and rendering every tab's form up front would make Main wait for all of them.
 * `method` names the form: a new one is a new arrival. `heldHeight` is the height the panel had
 * when the user switched, kept while the next form loads.
 */
export function TabPanel({
  panelRef: ref,
  id,
  tabs,
  labelledBy,
  method,
  heldHeight,
  children,
}: {
  /** Not `ref`: a function component gets `ref` as a prop only from React 19, and the widget files carry React 18. */
  panelRef: RefObject<HTMLDivElement | null>;
  id: string;
  tabs: boolean;
  labelledBy: string;
  method: string;
  heldHeight: number | undefined;
  children: ReactNode;
}) {
  const [pending, setPending] = useState(false);
  return (
    <div ref={ref} role={tabs ? 'tabpanel' : undefined} id={id} aria-labelledby={tabs ? labelledBy : undefined} aria-busy={pending || undefined} tabIndex={pending ? 0 : undefined}>
      {/* Its own boundary: a form loading must never hide the tabs (and drop their focus). */}
      <Suspense fallback={<Pending height={heldHeight} onPending={setPending} />}>
        <Arrived panel={ref} method={method}>
          {children}
        </Arrived>
      </Suspense>
    </div>
  );
}
