// The types of ports.mjs (plain JavaScript: start.mjs runs it before node_modules exists).
export interface StartPort {
  port: number;
  /** The environment variable that moves it. */
  variable: string;
  /** What listens there, for the message. */
  what: string;
}
export function startPorts(env?: NodeJS.ProcessEnv): StartPort[];
export function whoListens(port: number): string | undefined;
export function portMessage(port: StartPort, code: string, taken?: number[]): Promise<string>;
export function busyPorts(ports?: StartPort[]): Promise<string[]>;
export function exitIfPortTaken(error: unknown, ports?: StartPort[]): Promise<never>;
