// An Angular app hosting the widget: a standalone component whose schema allows custom
// elements, with property bindings in and event bindings out. JIT: @angular/compiler is
// bundled and compiles the template in the browser, so no Angular CLI is needed.
import '@angular/compiler';
import { Component, computed, CUSTOM_ELEMENTS_SCHEMA, DestroyRef, inject, provideZonelessChangeDetection, signal } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import 'stytch-ui';
import type { StytchErrorEvent, StytchEvent } from 'stytch-ui';
import { createClient } from 'stytch-ui/client';
import { hostConfig, hostEnv, userLine } from '../shared/host.ts';

const env = hostEnv();
const client = createClient(env.publicToken, { baseUrl: env.providerUrl });

/** The host's root component. */
class HostApp {
  readonly client = client;
  readonly config = hostConfig;
  readonly styles = { container: { width: '100%' } };
  // The signed-in user from the client: read at start (a reload keeps a live session) and
  // followed through every change (sign-in, sign-out, expiry, another tab).
  readonly user = signal(client.user.getSync());
  readonly status = computed(() => userLine(this.user()));
  readonly events = signal<string[]>([]);

  constructor() {
    inject(DestroyRef).onDestroy(client.user.onChange((u) => this.user.set(u)));
  }

  // $event is typed by the package's event map (GlobalEventHandlersEventMap['stytch-event']),
  // which Angular's template checker (strictDomEventTypes) reads: no cast.
  onEvent(event: StytchEvent): void {
    this.events.update((list) => [...list, event.detail.type]);
  }

  signOut(): void {
    void client.session.revoke({ forceClear: true });
  }

  onError(event: StytchErrorEvent): void {
    this.events.update((list) => [...list, `error: ${event.error.message}`]);
  }
}

// The decorator applied as a call: the same JIT metadata, with no decorator transform needed.
// The login only while signed out: after a reload it would sit beside "Signed in as …".
Component({
  selector: 'host-app',
  standalone: true,
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <header><h1>Angular host</h1></header>
    <main>
      @if (!user()) {
        <stytch-ui [config]="config" [styles]="styles" [client]="client" (stytch-event)="onEvent($event)" (stytch-error)="onError($event)"></stytch-ui>
      }
      <section>
        <h2>The host's own state</h2>
        <p id="host-status" role="status">{{ status() }}</p>
        @if (user()) {
          <button type="button" (click)="signOut()">Sign out</button>
        }
        <p>Events received by the Angular handler:</p>
        <ol id="host-events">
          @for (e of events(); track $index) {
            <li>{{ e }}</li>
          }
        </ol>
      </section>
    </main>`,
})(HostApp);

bootstrapApplication(HostApp, { providers: [provideZonelessChangeDetection()] }).catch((e: unknown) => console.error(e));
