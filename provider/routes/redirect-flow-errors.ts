import type { Context } from 'hono';
import { ApiError } from '../errors.ts';
import { failureReturn, refusalUrl } from '../http/redirect-flow.ts';
import { failPage } from './oauth-pages.ts';

/**
 * The error handler of the browser's redirect-flow routes (SSO, OAuth of both product lines,
 * the consent simulator): a person's browser whose sign-in's app is known goes back there with
 * the refusal (`error` = the error type, `error_description` = its message), where the widget
 * shows it in its own words; with no app known yet (the start's own query refused), a page
 * saying so; a program gets the error in the API's shape.
 */
export function redirectFlowErrors(err: Error, c: Context): Response | Promise<Response> {
  if (!(err instanceof ApiError)) throw err;
  const back = failureReturn(c);
  if (back && (c.req.header('accept') ?? '').includes('text/html')) return c.redirect(refusalUrl(back, err.errorType, err.message), 303);
  return failPage(c, err);
}
