/** Widget entry: defines the three elements and exports the mount functions. */
import { defineAll } from './define.ts';

defineAll();

export { defineAll, tags } from './define.ts';
export { mountLogin, mountPasskeyRegistration, mountResetPassword, type MountOptions } from './mount.ts';
