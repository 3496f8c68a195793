import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

/*
 * An MCP client's OAuth state in memory, as a desktop agent keeps it on disk: the official MCP
 * TypeScript SDK's client provider interface, for the provider tests (the consent played
 * through the browser routes) and the end-to-end ones (the consent in the browser).
 */
export class MemoryOAuthClient implements OAuthClientProvider {
  info?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier = '';
  /** Where the SDK sent the user last: the provider's authorization URL with the request. */
  authorizationUrl?: URL;
  /** The client's metadata document (CIMD): when the provider takes them, the SDK uses it as the client_id instead of registering. */
  clientMetadataUrl?: string;
  constructor(
    private readonly redirect = 'http://127.0.0.1:33418/callback',
    private readonly name = 'Test agent',
  ) {}
  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: this.name, redirect_uris: [this.redirect], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(v: string) {
    this.verifier = v;
  }
  codeVerifier() {
    return this.verifier;
  }
}
