import { createStore } from 'jotai';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppProps } from '../../../screens/App.tsx';
import { LoginApp as App } from '../../../screens/login/LoginApp.tsx';
import type { WidgetClient, WidgetEventPayload } from '../../../screens/context.ts';
import type { Timers, WidgetEnv } from '../../../screens/env.ts';

// React's act() needs the environment flag; updates that land between acts are flushed by flush().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Timers the test moves by hand. */
export class FakeClock implements Timers {
  t = 1_700_000_000_000;
  private timers = new Map<number, { at: number; fn: () => void; every?: number }>();
  private seq = 1;
  now = () => this.t;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.seq++;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  };
  clearTimeout = (h: unknown) => void this.timers.delete(h as number);
  setInterval = (fn: () => void, ms: number) => {
    const id = this.seq++;
    this.timers.set(id, { at: this.t + ms, fn, every: ms });
    return id;
  };
  clearInterval = (h: unknown) => void this.timers.delete(h as number);
  /** How many timers are still set. */
  get pending(): number {
    return this.timers.size;
  }
  /** Moves time forward, firing due timers in order. */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, x]) => x.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, x] = due;
      this.t = x.at;
      if (x.every) x.at += x.every;
      else this.timers.delete(id);
      await act(async () => x.fn());
    }
    this.t = end;
    await act(async () => {});
  }
}

/** A mounted widget App with recorded callbacks. */
export interface Rendered {
  root: HTMLElement;
  store: ReturnType<typeof createStore>;
  events: WidgetEventPayload[];
  errors: Error[];
  clock: FakeClock;
  unmount(): void;
}

/** The parts of the client every Main render touches: bootstrap, telemetry, passkey support. */
export function baseClient(bootstrap: { disable_sdk_watermark: boolean; email_domains: string[] } = { disable_sdk_watermark: true, email_domains: [] }, autofill = false) {
  return {
    bootstrap: { getSync: () => bootstrap, onChange: () => () => {} },
    logEvent: () => {},
    webauthn: { browserSupportsAutofill: () => Promise.resolve(autofill), authenticate: () => Promise.resolve(null) },
  };
}

/** Renders the App in any mode with a fake clock; the events and errors it reports are collected. */
export async function renderApp(
  props: Omit<AppProps, 'store' | 'styles' | 'env' | 'callbacks' | 'client'> & { client: unknown },
  prepare?: (store: ReturnType<typeof createStore>) => void,
  env: Omit<Partial<WidgetEnv>, 'timers'> = {},
): Promise<Rendered> {
  const root = document.createElement('div');
  document.body.append(root);
  const store = createStore();
  prepare?.(store);
  const events: WidgetEventPayload[] = [];
  const errors: Error[] = [];
  const clock = new FakeClock();
  const r = createRoot(root);
  await act(async () => {
    r.render(
      <App {...props} store={store} styles={{}} env={{ ...env, timers: clock }} client={props.client as WidgetClient} callbacks={{ onEvent: (e) => events.push(e), onError: (e) => errors.push(e) }} />,
    );
  });
  await flush();
  return { root, store, events, errors, clock, unmount: () => (r.unmount(), root.remove()) };
}

/** Renders the login App with a fake client (over the base one every Main render touches). */
export function renderLogin(
  config: unknown,
  client: Partial<Record<keyof WidgetClient, unknown>>,
  prepare?: (store: ReturnType<typeof createStore>) => void,
  env?: Omit<Partial<WidgetEnv>, 'timers'>,
): Promise<Rendered> {
  return renderApp({ mode: 'login', config, client: { ...baseClient(), ...client } }, prepare, env);
}

/** Lets promises, lazy chunks and React commits settle. */
export async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await act(async () => new Promise((res) => setTimeout(res, 0)));
}

/** Sets an input's value the way typing or paste does, so React sees the change. */
export async function type(input: HTMLInputElement, value: string): Promise<void> {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await flush();
}

/** Types a password into the field whose autocomplete is `kind` and lets the debounced strength check run and answer. */
export async function typePassword(r: Rendered, value: string, kind = 'new-password'): Promise<void> {
  await type(r.root.querySelector<HTMLInputElement>(`input[autocomplete="${kind}"]`)!, value);
  await r.clock.advance(500);
  await flush();
}

/** Types a password (as typePassword does), then presses Continue. */
export async function submitPassword(r: Rendered, value: string): Promise<void> {
  await typePassword(r, value);
  await click(button(r.root, 'Continue'));
}

/** Clicks and lets the result settle. */
export async function click(el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error('nothing to click');
  await act(async () => (el as HTMLElement).click());
  await flush();
}

/** The first button whose text is `text`. */
export function button(root: ParentNode, text: string): HTMLButtonElement | undefined {
  const own = (b: Element) =>
    [...b.childNodes]
      .filter((n) => n.nodeType === Node.TEXT_NODE)
      .map((n) => n.textContent)
      .join('')
      .trim();
  return [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text || own(b) === text || b.getAttribute('aria-label') === text);
}

/** A provider-shaped API error. */
export function apiError(error_type: string, error_message: string, status_code = 400): Error {
  return Object.assign(new Error(`[${status_code}] ${error_type}`), { name: 'StytchAPIError', status_code, error_type, error_message, error_url: 'https://stytch.com/docs/api/errors' });
}
