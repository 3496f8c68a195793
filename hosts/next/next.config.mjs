// The Next.js (App Router) host: built by `npm test` (scripts/test.mjs) and `npm run build:next`,
// served by `npm start`. It imports the package by name, as a site would: the names resolve to
// the built files of dist/ (the browser file in pages, the Node file on the server).
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** @type {import('next').NextConfig} */
export default {
  // The repository is the project root (one package.json, one node_modules).
  turbopack: { root },
  outputFileTracingRoot: root,
  // The app's own pages only; a development overlay and telemetry have no place in a test host.
  devIndicators: false,
  // Type-checked by npm test's typecheck (tsconfig.check.json: the package's names mapped to its
  // sources); the build's tsconfig.json maps nothing, so `stytch-ui/*` resolves as on a site,
  // through the package's exports to the built files.
  typescript: { ignoreBuildErrors: true },
};
