import { servePage, type PhoneLib } from './page.ts';

// The clientside-services page's script: its config from the JSON the provider wrote into the
// page, libphonenumber from the script tag before this one.
// The global that libphonenumber-js's browser build defines.
declare const libphonenumber: PhoneLib;
const read = (id: string): unknown => JSON.parse(document.getElementById(id)?.textContent ?? 'null');
servePage(window, { origins: read('origins') as string[], tokens: read('tokens') as string[], oneTap: read('onetap') === true, examples: read('examples') as Record<string, unknown> }, libphonenumber);
