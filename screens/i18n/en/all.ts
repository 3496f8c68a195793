import type { LocaleCatalog } from '../catalog.ts';
import { mainMessages } from './main.ts';
import { restMessages } from './rest.ts';

/** Every English message in one object, for tests and tools (the widget assembles it in load.ts). */
export const englishMessages: LocaleCatalog = { ...restMessages, ...mainMessages };
