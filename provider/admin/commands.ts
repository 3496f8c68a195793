import { commands as connectedApps } from './connected-apps.ts';
import { commands as delivery } from './delivery.ts';
import { commands as secrets } from './secrets.ts';
import type { AdminCommand } from './types.ts';
import { commands as users } from './users.ts';

/** Every command group; a new group is one import and one entry here. */
export const groups: Record<string, Record<string, AdminCommand>> = { secrets, users, 'connected-apps': connectedApps };

/** Commands that stand alone, `npm run admin -- doctor`: each is a whole task, not one of a set. */
export const standalone: Record<string, AdminCommand> = { ...delivery };

/** The command named by `argv` with its own arguments, or undefined. */
export function findCommand(argv: string[]): { command: AdminCommand; label: string; args: string[] } | undefined {
  const [first, second, ...rest] = argv;
  if (first === undefined) return undefined;
  const solo = standalone[first];
  if (solo) return { command: solo, label: first, args: argv.slice(1) };
  const command = second === undefined ? undefined : groups[first]?.[second];
  return command && { command, label: `${first} ${second}`, args: rest };
}
