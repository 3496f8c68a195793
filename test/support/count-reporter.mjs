// A web-test-runner reporter that writes pass/fail totals for scripts/test.mjs to add up.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

function walk(suite, counts) {
  for (const t of suite?.tests ?? []) {
    if (t.skipped) counts.skipped++;
    else if (t.passed) counts.passed++;
    else counts.failed++;
  }
  for (const s of suite?.suites ?? []) walk(s, counts);
}

export function countReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        walk(session.testResults, counts);
        // A file that failed to load or threw outside a test has no results: count it.
        if (!session.passed && (session.errors?.length ?? 0) > 0) counts.failed++;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(counts));
    },
  };
}
