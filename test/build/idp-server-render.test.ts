import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderIdentityProviderMarkup, renderIdentityProviderToString } from '../../elements/server/index.ts';
import { markupFingerprint, SSR_ATTRIBUTE } from '../../elements/base/server-markup.ts';

describe('stytch-ui/server: the consent element’s first paint', () => {
  it('renders the wait (the same whatever the page’s query and session), fingerprinted as the element checks it', async () => {
    const html = await renderIdentityProviderToString({});
    assert.match(html, /^<stytch-identity-provider [^>]*>/);
    assert.match(html, /role="status"[^>]*>Loading…</);
    assert.ok(html.includes(`${SSR_ATTRIBUTE}="${markupFingerprint('identity-provider', undefined, {})}"`));
  });

  it('a declarative shadow root with enableShadowDOM', async () => {
    const shadow = await renderIdentityProviderMarkup({ config: { enableShadowDOM: true } });
    assert.equal(shadow.shadow, true);
    assert.match(shadow.children, /^<template shadowrootmode="open">/);
  });
});

describe('stytch-ui/server: the consent screen itself, from the consent the site’s server started', () => {
  const request = '?client_id=connected-app-test-1&redirect_uri=https%3A%2F%2Fapp.example%2Fcb&scope=openid+email+read%3Anotes';
  const start = {
    request_id: 'request-id-test-1',
    user_id: 'user-test-1',
    client: { client_id: 'connected-app-test-1', client_type: 'third_party', client_name: 'Notes <b>', client_description: 'Keeps your notes' },
    consent_required: true,
    scope_results: [
      { scope: 'openid', is_grantable: true, description: 'Verify your identity' },
      { scope: 'read:notes', is_grantable: true, description: 'Read your notes' },
    ],
  };

  it('renders the app, what it asks for and Allow / Deny, and hands the element the same consent as an attribute', async () => {
    const html = await renderIdentityProviderToString({ prefetchedConsent: { request, start, projectName: 'Demo Site' }, lang: 'en' });
    assert.doesNotMatch(html, /Loading…/);
    assert.match(html, /<h1[^>]*>[^<]*Notes &lt;b&gt;[^<]*Demo Site/);
    assert.match(html, />Read your notes</);
    assert.match(html, /<button[^>]*>Allow<\/button>/);
    assert.match(html, /<button[^>]*>Deny<\/button>/);
    const attribute = /prefetched-consent="([^"]*)"/.exec(html)?.[1];
    assert.ok(attribute, 'the element carries the consent it is to show');
    const decoded = attribute
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    assert.deepEqual(JSON.parse(decoded), { request, start, projectName: 'Demo Site' });
  });

  it('a consent the user need not give (a first-party app) renders the wait: the browser submits it', async () => {
    const html = await renderIdentityProviderToString({ prefetchedConsent: { request, start: { ...start, consent_required: false }, projectName: 'Demo Site' } });
    assert.match(html, /role="status"[^>]*>Loading…</);
    assert.doesNotMatch(html, />Allow</);
  });

  it('a consent of the wrong shape is refused with the field it lacks, not rendered', async () => {
    await assert.rejects(renderIdentityProviderToString({ prefetchedConsent: { request, start: { ...start, scope_results: undefined }, projectName: 'Demo Site' } as never }), {
      name: 'InvalidConfigError',
      message: /prefetchedConsent: start\.scope_results/,
    });
    await assert.rejects(renderIdentityProviderToString({ prefetchedConsent: '{not json' }), { name: 'InvalidConfigError', message: /Invalid prefetchedConsent: expected JSON/ });
  });
});
