import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import * as v from 'valibot';

const Products = v.picklist(['emailMagicLinks', 'otp', 'passwords', 'oauth', 'crypto', 'passkeys']);

/** One project as the provider serves it. Every field has a default so a file may say little. */
export const ProjectConfigSchema = v.object({
  projectId: v.optional(v.string(), () => `project-test-${randomUUID()}`),
  name: v.optional(v.string(), 'Demo project'),
  publicTokens: v.optional(
    v.object({ test: v.optional(v.string()), live: v.optional(v.string()) }),
    () => ({ test: `public-token-test-${randomUUID()}` }),
  ),
  authorizedOrigins: v.optional(v.array(v.string()), []),
  redirectUrls: v.optional(v.array(v.pipe(v.string(), v.url())), []),
  products: v.optional(v.array(Products), ['emailMagicLinks', 'otp', 'passwords', 'oauth', 'crypto', 'passkeys']),
  passwordPolicy: v.optional(
    v.variant('policy', [
      v.object({ policy: v.literal('zxcvbn') }),
      v.object({
        policy: v.literal('luds'),
        minimumCount: v.optional(v.pipe(v.number(), v.integer(), v.minValue(8)), 8),
        complexity: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(4)), 3),
      }),
    ]),
    { policy: 'zxcvbn' },
  ),
  emailDomains: v.optional(v.array(v.string()), ['stytch.com']),
  displayWatermark: v.optional(v.boolean(), false),
  sessionLimits: v.optional(
    v.object({
      defaultDurationMinutes: v.optional(v.number(), 30),
      maxDurationMinutes: v.optional(v.number(), 60 * 24 * 365),
    }),
    {},
  ),
  delivery: v.optional(
    v.object({
      outbox: v.optional(v.boolean(), true),
      smtpUrl: v.optional(v.string()),
      from: v.optional(v.string(), 'login@example.test'),
    }),
    {},
  ),
  sendLimits: v.optional(
    v.object({
      perAddress: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 5),
      perIp: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 100),
      windowSeconds: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 60),
    }),
    {},
  ),
  captcha: v.optional(v.literal(false), false),
  dfp: v.optional(v.literal(false), false),
  rpId: v.optional(v.string()),
  siweRequired: v.optional(v.boolean(), false),
  /**
   * Upstream OAuth clients by provider type. A provider listed here runs a real
   * authorization-code flow with PKCE (OIDC discovery from `issuer`, or explicit endpoints);
   * any other provider uses the local consent page, when development pages are on.
   */
  oauthClients: v.optional(
    v.record(
      v.string(),
      v.object({
        clientId: v.pipe(v.string(), v.nonEmpty()),
        clientSecret: v.pipe(v.string(), v.nonEmpty()),
        issuer: v.optional(v.pipe(v.string(), v.url())),
        authorizationEndpoint: v.optional(v.pipe(v.string(), v.url())),
        tokenEndpoint: v.optional(v.pipe(v.string(), v.url())),
        userinfoEndpoint: v.optional(v.pipe(v.string(), v.url())),
        scopes: v.optional(v.array(v.string())),
        tokenAuth: v.optional(v.picklist(['client_secret_basic', 'client_secret_post']), 'client_secret_basic'),
      }),
    ),
    {},
  ),
  /** This provider's public base URL, for the OAuth callback; defaults to the request's origin. */
  publicUrl: v.optional(v.pipe(v.string(), v.url())),
});

export type ProjectConfig = v.InferOutput<typeof ProjectConfigSchema>;

function list(value: string | undefined): string[] | undefined {
  return value === undefined ? undefined : value.split(',').map((s) => s.trim()).filter(Boolean);
}

/** Environment variables win over the file, so one file serves several deployments. */
export function applyEnv(raw: Record<string, unknown>, env: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = { ...raw };
  const origins = list(env.AUTHORIZED_ORIGINS);
  if (origins) out.authorizedOrigins = origins;
  const redirects = list(env.REDIRECT_URLS);
  if (redirects) out.redirectUrls = redirects;
  if (env.PUBLIC_TOKEN) out.publicTokens = { ...(raw.publicTokens as object), test: env.PUBLIC_TOKEN };
  if (env.SMTP_URL) out.delivery = { ...(raw.delivery as object), smtpUrl: env.SMTP_URL };
  // OAUTH_<PROVIDER>_CLIENT_SECRET keeps a client secret out of the project file.
  const clients = { ...(raw.oauthClients as Record<string, Record<string, unknown>> | undefined) };
  for (const [key, value] of Object.entries(env)) {
    const m = /^OAUTH_([A-Z]+)_CLIENT_(ID|SECRET)$/.exec(key);
    if (!m || value === undefined) continue;
    const type = m[1]!.toLowerCase();
    clients[type] = { ...clients[type], [m[2] === 'ID' ? 'clientId' : 'clientSecret']: value };
  }
  if (Object.keys(clients).length) out.oauthClients = clients;
  return out;
}

/**
 * Reads the project file, creating it with a fresh demo project when missing (the seed
 * `npm start` relies on), then applies environment overrides.
 */
export function loadProjectConfig(file: string, env: NodeJS.ProcessEnv = process.env): ProjectConfig {
  let raw: Record<string, unknown> = {};
  if (existsSync(file)) {
    raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } else {
    const seeded = v.parse(ProjectConfigSchema, {});
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify({ projectId: seeded.projectId, name: seeded.name, publicTokens: seeded.publicTokens }, null, 2) + '\n');
    raw = { projectId: seeded.projectId, name: seeded.name, publicTokens: seeded.publicTokens };
  }
  const merged = applyEnv(raw, env);
  // A project file without an id gets one derived from its token, so restarts keep it.
  const tokens = merged.publicTokens as { test?: string; live?: string } | undefined;
  const seed = tokens?.test ?? tokens?.live;
  if (merged.projectId === undefined && seed) {
    const h = createHash('sha256').update(seed).digest('hex');
    merged.projectId = `project-${tokens?.test ? 'test' : 'live'}-${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  }
  const result = v.safeParse(ProjectConfigSchema, merged);
  if (!result.success) {
    const issues = result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ');
    throw new Error(`invalid project configuration in ${file}: ${issues}`);
  }
  return result.output;
}
