import { randomUUID } from 'node:crypto';
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
  const result = v.safeParse(ProjectConfigSchema, applyEnv(raw, env));
  if (!result.success) {
    const issues = result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ');
    throw new Error(`invalid project configuration in ${file}: ${issues}`);
  }
  return result.output;
}
