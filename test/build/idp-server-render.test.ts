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
