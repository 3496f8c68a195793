import { useAtomValue } from 'jotai';
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useWidget } from '../context.ts';
import { errorMessageAtom } from '../state/atoms.ts';
import { blocks } from './blocks.ts';
import { methodLabel, type LoginMethod } from './methods.ts';

// The banner shows only with an error, so it loads then.
const Banner = lazy(() => import('../components/Banner.tsx').then((m) => ({ default: m.Banner })));

// The forms load on demand (blocks.ts; the phone form carries the country table).
function MethodForm({ method }: { method: LoginMethod }) {
  if (method === 'sms' || method === 'whatsapp') return <blocks.PhoneForm channel={method} />;
  // The password tab looks the user up first; the email code or link is offered from there.
  if (method === 'passwords') return <blocks.PasswordEmailForm />;
  return <blocks.EmailForm key={method} method={method} />;
}

/** The login form: tabs when more than one method exists, the first selected (SPEC §2). */
export function LoginForm({ methods }: { methods: readonly LoginMethod[] }) {
  const { strings } = useWidget();
  const [selected, setSelected] = useState(0);
  const error = useAtomValue(errorMessageAtom);
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = methods[Math.min(selected, methods.length - 1)];
  if (!current) return null;

  // Arrow keys move between tabs (WAI-ARIA tabs pattern); Tab leaves the tab list.
  const onKey = (e: KeyboardEvent) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (selected + delta + methods.length) % methods.length;
    setSelected(next);
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
              onClick={() => setSelected(i)}
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
              {methodLabel(m, strings)}
            </button>
          ))}
        </div>
      ) : null}
      <div role={methods.length > 1 ? 'tabpanel' : undefined} id={`${id}-panel`} aria-labelledby={methods.length > 1 ? `${id}-tab-${selected}` : undefined}>
        {/* Its own boundary: a form loading must never hide the tabs (and drop their focus). */}
        <Suspense fallback={null}>
          <MethodForm method={current} />
        </Suspense>
      </div>
    </div>
  );
}
