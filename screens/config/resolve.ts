import * as v from 'valibot';

/** Products the widget can show (SPEC §3 Configuration). */
export const PRODUCTS = ['oauth', 'crypto', 'emailMagicLinks', 'otp', 'passwords', 'passkeys'] as const;
export type Product = (typeof PRODUCTS)[number];

/** OTP delivery channels (SPEC §9). */
export const OTP_METHODS = ['sms', 'whatsapp', 'email'] as const;

// Only the fields the shell decides on are checked here; each flow validates its own options.
const ConfigSchema = v.looseObject({
  products: v.optional(v.array(v.picklist(PRODUCTS))),
  otpOptions: v.optional(v.looseObject({ methods: v.optional(v.array(v.picklist(OTP_METHODS))) })),
  enableShadowDOM: v.optional(v.boolean()),
});

/** The configuration a host passes (SPEC §3); option objects stay open for the flows. */
export type WidgetConfig = v.InferInput<typeof ConfigSchema> & Record<string, unknown>;

/** A config that passed the SPEC §1 rules, with the default product applied. */
export interface ResolvedConfig {
  products: Product[];
  config: WidgetConfig;
}

/** Either the resolved config or the exact error text the widget shows instead of Main. */
export type ConfigResult = { ok: true; value: ResolvedConfig } | { ok: false; message: string };

/** Applies the SPEC §1 configuration rules. */
export function resolveConfig(input: unknown, messages: { passkeysAlone: string; emlWithEmailOtp: string; invalid: (d: string) => string }): ConfigResult {
  const parsed = v.safeParse(ConfigSchema, input ?? {});
  if (!parsed.success) {
    const issue = parsed.issues[0];
    const path = v.getDotPath(issue) ?? 'config';
    return { ok: false, message: messages.invalid(`${path}: ${issue.message}`) };
  }
  const config = parsed.output as WidgetConfig;
  const products: Product[] = config.products && config.products.length > 0 ? [...new Set(config.products)] : ['emailMagicLinks'];
  if (products.length === 1 && products[0] === 'passkeys') return { ok: false, message: messages.passkeysAlone };
  const emailOtp = products.includes('otp') && (config.otpOptions?.methods ?? []).includes('email');
  if (products.includes('emailMagicLinks') && emailOtp) return { ok: false, message: messages.emlWithEmailOtp };
  return { ok: true, value: { products, config } };
}
