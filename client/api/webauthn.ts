import * as S from '../schemas/requests.ts';
import { check } from '../core/validate.ts';
import { StytchSDKError } from '../errors.ts';
import { authenticate, call, primaryOrSecondary, protection, type ApiContext } from './context.ts';
import { creationOptions, credentialJson, requestOptions } from './webauthn-json.ts';
import { webauthnSupport } from './webauthn-support.ts';
import type { AuthenticateResponse, BaseResponse } from '../session/types.ts';

export interface WebAuthnRegisterOptions {
  domain?: string;
  authenticator_type?: 'platform' | 'cross-platform';
  is_passkey?: boolean;
  session_duration_minutes?: number;
  override_id?: string;
  override_name?: string;
  override_display_name?: string;
  /** Asks the provider for base64url (rather than base64) binary fields in the creation options. */
  use_base64_url_encoding?: boolean;
  /**
   * Conditional create (`mediation: 'conditional'`): the browser's password manager makes the
   * passkey quietly, without a prompt, if the user just signed in with a password it filled;
   * otherwise the call fails (NotAllowedError). Check `browserSupportsConditionalCreate()` first.
   */
  conditional_mediation?: boolean;
  /** Aborts a pending creation (a conditional one waits until the browser decides). */
  signal?: AbortSignal;
}
export interface WebAuthnAuthenticateOptions {
  domain?: string;
  session_duration_minutes: number;
  is_passkey?: boolean;
  conditional_mediation?: boolean;
  signal?: AbortSignal;
  /** Skip looking for an input whose autocomplete includes `webauthn`. */
  disable_input_check?: boolean;
}
export interface WebAuthnRegisterResponse extends AuthenticateResponse {
  webauthn_registration_id: string;
}
export interface WebAuthnAuthenticateResponse extends AuthenticateResponse {
  webauthn_registration_id: string;
}

/** `webauthn`: passkey register, authenticate (with autofill) and rename; what the browser supports is ./webauthn-support.ts. */
export function webauthn(ctx: ApiContext) {
  const creds = () => {
    if (!ctx.env.credentials) throw new StytchSDKError('This browser does not support WebAuthn.');
    return ctx.env.credentials;
  };
  const host = (domain?: string) => domain ?? ctx.env.location.hostname;
  const api = {
    /** Registers a passkey or security key for the signed-in user. */
    async register(o: WebAuthnRegisterOptions = {}): Promise<WebAuthnRegisterResponse> {
      const { signal, ...rest } = o;
      check('stytch.webauthn.register', S.WebAuthnRegisterOptions, rest);
      const start = await call<{ public_key_credential_creation_options: string }>(ctx, {
        method: 'POST',
        path: '/webauthn/register/start',
        body: {
          domain: host(o.domain),
          authenticator_type: o.authenticator_type,
          return_passkey_credential_options: o.is_passkey,
          override_id: o.override_id,
          override_name: o.override_name,
          override_display_name: o.override_display_name,
          user_agent: globalThis.navigator?.userAgent,
          use_base64_url_encoding: o.use_base64_url_encoding,
          conditional_mediation: o.conditional_mediation,
        },
      });
      const publicKey = creationOptions(JSON.parse(start.public_key_credential_creation_options));
      const credential = await creds().create({ publicKey, signal, ...(o.conditional_mediation ? { mediation: 'conditional' as CredentialMediationRequirement } : {}) });
      if (!credential) throw new StytchSDKError('No passkey was created.');
      return authenticate(ctx, '/webauthn/register', { public_key_credential: credentialJson(credential as PublicKeyCredential), session_duration_minutes: o.session_duration_minutes });
    },
    /** Signs in with a passkey; with conditional mediation, resolves null when the browser cannot autofill. */
    async authenticate(o: WebAuthnAuthenticateOptions): Promise<WebAuthnAuthenticateResponse | null> {
      const { signal, disable_input_check, ...rest } = o;
      check('stytch.webauthn.authenticate', S.WebAuthnAuthenticateOptions, rest);
      if (o.conditional_mediation) {
        if (!(await webauthnSupport.browserSupportsAutofill())) return null;
        const inputs = ctx.env.document ? Array.from(ctx.env.document.querySelectorAll('input[autocomplete]')) : [];
        if (!disable_input_check && !inputs.some((i) => /\bwebauthn\b/.test(i.getAttribute('autocomplete') ?? ''))) return null;
      }
      const start = await call<{ public_key_credential_request_options: string }>(ctx, {
        method: 'POST',
        path: `/webauthn/authenticate/start/${primaryOrSecondary(ctx)}`,
        body: { domain: host(o.domain), return_passkey_credential_options: o.is_passkey },
      });
      const publicKey = requestOptions(JSON.parse(start.public_key_credential_request_options));
      const credential = await creds().get({ publicKey, signal, ...(o.conditional_mediation ? { mediation: 'conditional' as CredentialMediationRequirement } : {}) });
      if (!credential) return null;
      return authenticate(ctx, '/webauthn/authenticate', {
        public_key_credential: credentialJson(credential as PublicKeyCredential),
        session_duration_minutes: o.session_duration_minutes,
        ...(await protection(ctx)),
      });
    },
    /** Renames a registration. */
    async update(o: { webauthn_registration_id: string; name: string }): Promise<BaseResponse & { webauthn_registration: unknown }> {
      check('stytch.webauthn.update', S.WebAuthnUpdateOptions, o);
      return call(ctx, { method: 'PUT', path: `/webauthn/update/${encodeURIComponent(o.webauthn_registration_id)}`, body: { name: o.name } });
    },
  };
  return api;
}
