/**
 * Writes a log line once per interval for each kind of event, and then one line with how many
 * like it were held back. During a database outage every request fails the same way: written
 * out each time, the log grew by thousands of lines a second and buried everything else.
 */
export class RepeatedLines {
  private readonly open = new Map<string, { held: number; last: string }>();

  constructor(
    /** The interval (LOG_REPEAT_SECONDS, 10 s by default). */
    private readonly intervalMs: number,
    private readonly write: (line: string) => void = (line) => console.error(line),
  ) {}

  /** Writes `line` unless a line of the same `kind` was written within the interval; then counts it. */
  log(kind: string, line: string): void {
    const held = this.open.get(kind);
    if (held) {
      held.held++;
      held.last = line;
      return;
    }
    this.write(line);
    const entry = { held: 0, last: line };
    this.open.set(kind, entry);
    setTimeout(() => {
      this.open.delete(kind);
      if (entry.held > 0) {
        this.write(`${entry.last} (${entry.held} more like it in the last ${Math.round(this.intervalMs / 1000)} s, not written one by one)`);
      }
    }, this.intervalMs).unref();
  }
}

/** LOG_REPEAT_SECONDS: how often at most a repeated failure is written (10 s by default). */
export function logRepeatMs(env: NodeJS.ProcessEnv): number {
  const seconds = Number(env.LOG_REPEAT_SECONDS ?? 10);
  if (!(seconds > 0)) throw new Error(`LOG_REPEAT_SECONDS must be a positive number of seconds, got ${env.LOG_REPEAT_SECONDS}`);
  return seconds * 1000;
}
