// Preloaded by npm test into every node:test process (`--import`), after tsx.
//
// node:test finds the suite an `it` or `describe` belongs to through an async hook that it
// keeps enabled for the whole run, and an enabled hook makes V8 call into JavaScript for every
// promise made and settled (Node 20 and 22). The provider tests run the provider in the test's
// own process, so every request paid for it: 7% of the provider suite's CPU time (868 against
// 932 CPU-seconds over every provider test file, and 14% on the fuzz file, measured in turns).
//
// Here the hook is enabled only while a test, suite or hook is being declared, which is when
// node:test records which suite it is in. Our suites declare their tests synchronously (no
// test is declared after an `await`), so each test still lands in its suite. What the hook
// also did: an uncaught error in a test's callback is still reported and still fails the file,
// as a diagnostic of the file rather than under the test that was running.
//
// Where node:test is not found declaring its hook this way (another Node), nothing changes.
import asyncHooks from 'node:async_hooks';
import { createRequire, syncBuiltinESMExports } from 'node:module';

const realCreateHook = asyncHooks.createHook;
let treeHook;
let declaring = 0;

asyncHooks.createHook = function createHook(callbacks) {
  if (treeHook || !new Error().stack?.includes('node:internal/test_runner/harness')) return realCreateHook.call(this, callbacks);
  treeHook = realCreateHook.call(this, callbacks);
  // node:test makes it inside the first declaration, which is under way.
  if (declaring > 0) treeHook.enable();
  return {
    enable() {
      return this;
    },
    disable() {
      return this;
    },
  };
};

const wrapped = new Map();

/** `declare` with the hook enabled while it runs, and its `.skip`, `.only`, `.todo` likewise. */
function duringDeclaration(declare) {
  if (wrapped.has(declare)) return wrapped.get(declare);
  const wrapper = function (...args) {
    if (declaring++ === 0) treeHook?.enable();
    try {
      return declare.apply(this, args);
    } finally {
      if (--declaring === 0) treeHook?.disable();
    }
  };
  wrapped.set(declare, wrapper);
  for (const key of Object.keys(declare)) wrapper[key] = typeof declare[key] === 'function' ? duringDeclaration(declare[key]) : declare[key];
  return wrapper;
}

const nodeTest = createRequire(import.meta.url)('node:test');
for (const name of ['test', 'it', 'describe', 'suite', 'before', 'after', 'beforeEach', 'afterEach']) {
  if (typeof nodeTest[name] === 'function') nodeTest[name] = duringDeclaration(nodeTest[name]);
}
// `import { it } from 'node:test'` reads the wrapped functions from here on.
syncBuiltinESMExports();
