import { createSecret, deleteSecret, envSecrets } from '../services/project-secrets.ts';
import { UsageError, type AdminCommand } from './types.ts';

/** Server API secrets: stored in the project file as hashes; a value is shown once, when created. */
export const commands: Record<string, AdminCommand> = {
  create: {
    summary: 'create a server API secret and print it once (only its hash is stored)',
    usage: '',
    async run(ctx) {
      const env = ctx.project.publicTokens.test ? 'test' : 'live';
      const created = createSecret(ctx.projectFile, env);
      ctx.print(`id:      ${created.id}`);
      ctx.print(`secret:  ${created.secret}`);
      ctx.print('Store the secret now: it is not shown again. Running providers accept it within a second.');
    },
  },
  list: {
    summary: 'list server API secrets by id and creation date (never their values)',
    usage: '',
    async run(ctx) {
      for (const s of ctx.project.secrets) ctx.print(`${s.id}  created ${s.createdAt}`);
      const fromEnv = envSecrets(ctx.env).length;
      if (fromEnv) ctx.print(`(${fromEnv} more from PROJECT_SECRETS in the environment)`);
      if (!ctx.project.secrets.length && !fromEnv) ctx.print('no secrets: the server API refuses every call');
    },
  },
  delete: {
    summary: 'delete a server API secret; calls made with it are refused from then on',
    usage: '<secret_id> [--force]',
    async run(ctx, args) {
      const id = args.find((a) => !a.startsWith('--'));
      if (!id) throw new UsageError('name the secret id to delete (see `secrets list`)');
      const last = ctx.project.secrets.length === 1 && ctx.project.secrets[0]!.id === id && envSecrets(ctx.env).length === 0;
      if (last && !args.includes('--force')) {
        ctx.print('This is the last secret: without it the server API refuses every call. Create another first, or pass --force.');
        return 1;
      }
      if (!deleteSecret(ctx.projectFile, id)) {
        ctx.print(`no secret ${id} in ${ctx.projectFile}`);
        return 1;
      }
      ctx.print(`deleted ${id}`);
    },
  },
};
