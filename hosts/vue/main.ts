// A Vue 3 app hosting the widget: the runtime compiler is told the stytch-* tags are custom
// elements, objects go in as DOM properties (.prop) and events come back through @event.
import { computed, createApp, defineComponent, markRaw, onUnmounted, ref, shallowRef, type GlobalComponents } from 'vue';
import 'stytch-ui';
import type { StytchErrorEvent, StytchEvent } from 'stytch-ui';
// The tags' props and events for Vue's template checker (vue-tsc, the editor): no declaration here.
import type {} from 'stytch-ui/vue';
import { createClient } from 'stytch-ui/client';
import { hostConfig, hostEnv, userLine } from '../shared/host.ts';

const env = hostEnv();
// markRaw: the client holds timers and listeners that a reactive proxy must not wrap.
const client = markRaw(createClient(env.publicToken, { baseUrl: env.providerUrl }));

/** The element's properties, checked against the types stytch-ui/vue ships for `<stytch-ui>`. */
const loginProps = { client, config: hostConfig, styles: { container: { width: '100%' } } } satisfies InstanceType<GlobalComponents['stytch-ui']>['$props'];

const App = defineComponent({
  setup() {
    // The signed-in user from the client: read at start (a reload keeps a live session) and
    // followed through every change (sign-in, sign-out, expiry, another tab).
    const user = shallowRef(client.user.getSync());
    onUnmounted(client.user.onChange((u) => (user.value = u)));
    const events = ref<string[]>([]);
    return {
      loginProps,
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
  // The login only while signed out: after a reload it would sit beside "Signed in as …".
  template: `
    <header><h1>Vue 3 host</h1></header>
    <main>
      <stytch-ui v-if="!user" v-bind.prop="loginProps" @stytch-event="onEvent" @stytch-error="onError"></stytch-ui>
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
