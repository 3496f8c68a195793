import { expect } from '@open-wc/testing';
import { documentCookies } from '../../../client/core/env.ts';

/** A document stand-in that records each cookie string written. */
const recorder = () => {
  const written: string[] = [];
  return {
    written,
    doc: {
      get cookie() {
        return '';
      },
      set cookie(v: string) {
        written.push(v);
      },
    } as unknown as Document,
  };
};

describe('client cookies', () => {
  it('writes SameSite=Lax and Secure on a real host', () => {
    const r = recorder();
    documentCookies(r.doc, 'app.example.com').set('stytch_session', 'tok en', { expires: new Date(Date.UTC(2030, 0, 1)) });
    expect(r.written[0]).to.equal('stytch_session=tok%20en; Path=/; SameSite=Lax; Expires=Tue, 01 Jan 2030 00:00:00 GMT; Secure');
  });

  it('omits Secure on localhost and round-trips through the real document', () => {
    const r = recorder();
    documentCookies(r.doc, 'localhost').set('stytch_session', 'a');
    expect(r.written[0]).to.equal('stytch_session=a; Path=/; SameSite=Lax');
    const jar = documentCookies(document, location.hostname);
    jar.set('stytch_session_jwt', 'x.y.z');
    expect(jar.get('stytch_session_jwt')).to.equal('x.y.z');
    jar.remove('stytch_session_jwt');
    expect(jar.get('stytch_session_jwt')).to.equal(undefined);
  });
});
