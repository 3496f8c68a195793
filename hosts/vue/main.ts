// A Vue 3 app hosting the widget: the runtime compiler is told the stytch-* tags are custom
// elements, objects go in as DOM properties (.prop) and events come back through @event.
import { computed, createApp, defineComponent, markRaw, onUnmounted, ref, shallowRef } from 'vue';
import 'stytch-ui';
import type { StytchErrorEvent, StytchEvent } from 'stytch-ui';
import { createClient } from 'stytch-ui/client';
import { hostConfig, hostEnv, userLine } from '../shared/env.ts';

const env = hostEnv();
// markRaw: the client holds timers and listeners that a reactive proxy must not wrap.
const client = markRaw(createClient(env.publicToken, { baseUrl: env.providerUrl }));

const App = defineComponent({
  setup() {
    // The signed-in user from the client: read at start (a reload keeps a live session) and
    // followed through every change (sign-in, sign-out, expiry, another tab).
    const user = shallowRef(client.user.getSync());
    onUnmounted(client.user.onChange((u) => (user.value = u)));
    const events = ref<string[]>([]);
    return {
      client,
      config: hostConfig,
      styles: { container: { width: '100%' } },
      user,
      status: computed(() => userLine(user.value)),
      events,
      onEvent(event: StytchEvent) {
        events.value.push(event.detail.type);
      },
      signOut() {
        void client.session.revoke({ forceClear: true });
      },
      onError(event: StytchErrorEvent) {
        events.value.push(`error: ${event.error.message}`);
      },
    };
  },
  template: `
    <header><h1>Vue 3 host</h1></header>
    <main>
      <stytch-ui :config.prop="config" :styles.prop="styles" .client="client" @stytch-event="onEvent" @stytch-error="onError"></stytch-ui>
      <section>
        <h2>The host's own state</h2>
        <p id="host-status" role="status">{{ status }}</p>
        <button v-if="user" type="button" @click="signOut">Sign out</button>
        <p>Events received by the Vue handler:</p>
        <ol id="host-events"><li v-for="(e, i) in events" :key="i">{{ e }}</li></ol>
      </section>
    </main>`,
});

const app = createApp(App);
app.config.compilerOptions.isCustomElement = (tag) => tag.startsWith('stytch-');
app.mount('#app');
