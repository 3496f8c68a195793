// How npm test counts a suite's tests: passed, failed, and those that did not run. A test that
// was skipped, left as todo, or never reached after an earlier failure is counted, never hidden.

/** `3 passed, 0 failed`, and `, 2 did not run` when some did not. */
export function tally({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} did not run` : ''}`;
}

/** The counts in node --test's TAP summary (`# pass 3`, `# skipped 1`, …). */
export function countTap(text) {
  const num = (k) => Number(text.match(new RegExp(`^# ${k} (\\d+)$`, 'm'))?.[1] ?? 0);
  return { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
}

/** The counts in Playwright's JSON report; its `skipped` holds test.skip and the "did not run" alike. */
export function countPlaywright(stats) {
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}
