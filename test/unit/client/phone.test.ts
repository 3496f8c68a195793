import { expect } from '@open-wc/testing';
import { formatPhoneForDisplay, parsePhoneForSubmit } from '../../../client/phone/parse.ts';
import type { ClientsideServices } from '../../../client/index.ts';
import { servePage } from '../../../client/phone/page.ts';
import { FakeTimers } from './fake-env.ts';

const never = <T>() => new Promise<T>(() => undefined);
const services = (parsed: ClientsideServices['parsedPhoneNumber']): ClientsideServices => ({
  parsedPhoneNumber: parsed,
  getExamplePhoneNumber: never,
  oneTapStart: never,
  oneTapSubmit: never,
});

describe('client phone parsing', () => {
  it('uses the service answer when it comes in time', async () => {
    const t = new FakeTimers();
    const r = await parsePhoneForSubmit(
      services(async () => ({ isValid: false, number: '+1555', national: '555' })),
      t,
      '555',
      'US',
    );
    expect(r.isValid).to.equal(false);
  });

  it('after 2 s on submit, treats the number as valid with the dialing code prefixed', async () => {
    const t = new FakeTimers();
    const p = parsePhoneForSubmit(services(never), t, '(020) 7946 0018', 'GB');
    expect(t.delays()).to.deep.equal([2000]);
    await t.advance(2000);
    expect(await p).to.deep.equal({ isValid: true, number: '+4402079460018', national: '(020) 7946 0018' });
  });

  it('after 10 s for display, falls back to the raw input', async () => {
    const t = new FakeTimers();
    const p = formatPhoneForDisplay(services(never), t, '2025550123');
    await t.advance(9999);
    let done = false;
    void p.then(() => (done = true));
    await t.advance(0);
    expect(done).to.equal(false);
    await t.advance(1);
    expect(await p).to.equal('2025550123');
  });
});

describe('clientside services, iframe side', () => {
  /** Sends one request as if from `origin`; resolves with the first answer on its port. */
  const send = (origin: string) => {
    const { port1, port2 } = new MessageChannel();
    const answer = new Promise<unknown>((resolve) => (port1.onmessage = (e) => resolve(e.data)));
    window.dispatchEvent(new MessageEvent('message', { origin, data: { method: 'getExamplePhoneNumber', args: [{ regionCode: 'US' }] }, ports: [port2] }));
    return answer;
  };

  it('answers only the exact allowed origin', async () => {
    const example = { isValid: () => true, number: '+12015550123', formatNational: () => 'example-US' };
    const off = servePage(
      window,
      { origins: ['https://host.example'], tokens: [], oneTap: false, examples: { US: {} } },
      { parsePhoneNumberFromString: () => undefined, getExampleNumber: () => example },
    );
    const refused: unknown[] = [];
    void send('https://host.example.evil.test').then((a) => refused.push(a));
    void send('http://host.example').then((a) => refused.push(a));
    // Messages are handled in order, and an answer is posted after its request is handled:
    // once the allowed request (sent last) is answered, the others would have been too.
    // A second allowed round trip lets any answer to the refused ones arrive first.
    expect(await send('https://host.example')).to.deep.equal({ success: true, payload: { phoneNumber: 'example-US' } });
    expect(await send('https://host.example')).to.deep.equal({ success: true, payload: { phoneNumber: 'example-US' } });
    expect(refused).to.deep.equal([]);
    off();
  });
});
