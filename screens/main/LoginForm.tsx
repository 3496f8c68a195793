import { useAtomValue } from 'jotai';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useWidgetId } from '../hooks/useWidgetId.ts';
import { errorMessageAtom } from '../state/atoms.ts';
import { blocks } from './blocks.ts';
import { methodLabel, type LoginMethod } from './methods.ts';
import { useStrings } from '../context.ts';
import { TabPanel } from './TabPanel.tsx';

// The banner shows only with an error, so it loads then.
const Banner = lazy(() => import('../components/Banner.tsx').then((m) => ({ default: m.Banner })));

// The email and password forms come with the first load, the phone form on demand (blocks.ts: it carries the country table).
function MethodForm({ method }: { method: LoginMethod }) {
  if (method === 'sms' || method === 'whatsapp') return <blocks.PhoneForm channel={method} />;
  // The password tab looks the user up first; the email code or link is offered from there.
  if (method === 'passwords') return <blocks.PasswordEmailForm />;
  return <blocks.EmailForm key={method} method={method} />;
}

/** The login form: tabs when more than one method exists, the first selected (SPEC §2). */
export function LoginForm({ methods }: { methods: readonly LoginMethod[] }) {
  const t = useStrings();
  const [selected, setSelected] = useState(0);
  const error = useAtomValue(errorMessageAtom);
  const id = useWidgetId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  const [heldHeight, setHeldHeight] = useState<number>();
  const current = methods[Math.min(selected, methods.length - 1)];
  if (!current) return null;

  // The panel's height when the user switches is kept while the next form loads (TabPanel).
  const select = (i: number) => {
    setHeldHeight(panel.current?.offsetHeight);
    setSelected(i);
  };

  // Arrow keys move between tabs (WAI-ARIA tabs pattern); Tab leaves the tab list.
  const onKey = (e: KeyboardEvent) => {
    // The next tab lies to the right, or to the left in a right-to-left language.
    const forward = t.dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = t.dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const delta = e.key === forward ? 1 : e.key === back ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (selected + delta + methods.length) % methods.length;
    select(next);
    tabs.current[next]?.focus();
  };

  return (
    <div part="login-form" css={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      {error ? (
        <Suspense fallback={null}>
          <Banner variant="warning" message={error} />
        </Suspense>
      ) : null}
      {methods.length > 1 ? (
        <div role="tablist" part="tabs" onKeyDown={onKey} css={{ display: 'flex', borderBottom: '1px solid var(--stytch-colors-secondary)' }}>
          {methods.map((m, i) => (
            <button
              key={m}
              ref={(el) => {
                tabs.current[i] = el;
              }}
              type="button"
              role="tab"
              part={i === selected ? 'tab tab-selected' : 'tab'}
              id={`${id}-tab-${i}`}
              aria-selected={i === selected}
              aria-controls={`${id}-panel`}
              tabIndex={i === selected ? 0 : -1}
              onClick={() => select(i)}
              css={{
                flex: 1,
                padding: '8px 0',
                background: 'none',
                border: 0,
                borderBottom: i === selected ? '3px solid currentColor' : '3px solid transparent',
                color: 'inherit',
                font: 'inherit',
                fontWeight: i === selected ? 700 : 400,
                cursor: 'pointer',
              }}
            >
              {t(methodLabel(m))}
            </button>
          ))}
        </div>
      ) : null}
      <TabPanel panelRef={panel} id={`${id}-panel`} tabs={methods.length > 1} labelledBy={`${id}-tab-${selected}`} method={current} heldHeight={heldHeight}>
        <MethodForm method={current} />
      </TabPanel>
    </div>
  );
}
