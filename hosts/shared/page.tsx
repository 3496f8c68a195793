/** @jsxImportSource react */
import type { ReactNode } from 'react';

/**
 * The page of a React app hosting the widget: its name, the widget, and beside it the app's own
 * state (`children`) above the events its handler received, in order (`#host-events`).
 */
export function HostPage({ title, heading, widget, events, children }: { title: string; heading: string; widget: ReactNode; events: readonly string[]; children: ReactNode }) {
  return (
    <>
      <header>
        <h1>{title}</h1>
      </header>
      <main>
        {widget}
        <section>
          <h2>{heading}</h2>
          {children}
          <ol id="host-events">
            {events.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ol>
        </section>
      </main>
    </>
  );
}
