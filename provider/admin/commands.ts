import { commands as secrets } from './secrets.ts';
import type { AdminCommand } from './types.ts';
import { commands as users } from './users.ts';

/** Every command group; a new group is one import and one entry here. */
export const groups: Record<string, Record<string, AdminCommand>> = { secrets, users };

/** The command `<group> <name>`, or undefined. */
export function findCommand(group: string | undefined, name: string | undefined): AdminCommand | undefined {
  return group === undefined || name === undefined ? undefined : groups[group]?.[name];
}
