import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * A failure the provider reports to callers in the hosted provider's error shape. It is a
 * domain error: services throw it, and only the HTTP layer (`http/errors.ts`) writes it out.
 */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorType: string,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** RFC 7644 §3.12's detail error keywords. */
export type ScimType = 'invalidFilter' | 'tooMany' | 'uniqueness' | 'mutability' | 'invalidSyntax' | 'invalidPath' | 'noTarget' | 'invalidValue' | 'invalidVers' | 'sensitive';

/**
 * A failure of the SCIM service (RFC 7644 §3.12): the HTTP layer writes it in SCIM's error
 * shape with its `scimType`, which tells an identity provider what to fix in its request.
 */
export class ScimError extends ApiError {
  override name = 'ScimError';
  constructor(
    status: ContentfulStatusCode,
    readonly scimType: ScimType | undefined,
    detail: string,
    headers: Record<string, string> = {},
  ) {
    super(status, scimType ?? 'scim_error', detail, headers);
  }
}
