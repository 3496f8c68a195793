// What the React apps take from here, in one import beside their framework's (the React SDK app
// imports nothing else that is not the official package's): the host's environment (host.ts,
// which the Vue and Angular hosts import without React) and the page around the widget.
export { hostConfig, hostEnv, userLine, type HostEnv } from './host.ts';
export { HostPage } from './page.tsx';
