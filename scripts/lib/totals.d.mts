/** A suite's counts: the tests that passed, failed, and did not run. */
export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
/** `3 passed, 0 failed`, and `, 2 did not run` when some did not. */
export declare function tally(counts: Counts): string;
/** The counts in node --test's TAP summary. */
export declare function countTap(text: string): Counts;
/** The counts in Playwright's JSON report's stats. */
export declare function countPlaywright(stats: { expected: number; flaky: number; unexpected: number; skipped: number }): Counts;
