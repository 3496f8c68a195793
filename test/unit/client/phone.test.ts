import { expect } from '@open-wc/testing';
import { formatPhoneForDisplay, parsePhoneForSubmit } from '../../../client/phone/parse.ts';
import { serveClientsideServices, type ClientsideServices } from '../../../client/index.ts';
import { FakeTimers } from './fake-env.ts';

const never = <T,>() => new Promise<T>(() => undefined);
const services = (parsed: ClientsideServices['parsedPhoneNumber']): ClientsideServices => ({
  parsedPhoneNumber: parsed,
  getExamplePhoneNumber: never,
  oneTapStart: never,
  oneTapSubmit: never,
});

describe('client phone parsing', () => {
  it('uses the service answer when it comes in time', async () => {
    const t = new FakeTimers();
    const r = await parsePhoneForSubmit(services(async () => ({ isValid: false, number: '+1555', national: '555' })), t, '555', 'US');
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
  const ask = (origin: string) =>
    new Promise<unknown>((resolve) => {
      const { port1, port2 } = new MessageChannel();
      port1.onmessage = (e) => resolve(e.data);
      setTimeout(() => resolve('no answer'), 300);
      window.dispatchEvent(new MessageEvent('message', { origin, data: { method: 'getExamplePhoneNumber', args: [{ regionCode: 'US' }] }, ports: [port2] }));
    });

  it('answers only the exact allowed origin', async () => {
    const off = serveClientsideServices(window, ['https://host.example'], { getExamplePhoneNumber: (r: { regionCode: string }) => ({ phoneNumber: `example-${r.regionCode}` }) });
    expect(await ask('https://host.example')).to.deep.equal({ success: true, payload: { phoneNumber: 'example-US' } });
    expect(await ask('https://host.example.evil.test')).to.equal('no answer');
    expect(await ask('http://host.example')).to.equal('no answer');
    off();
  });
});
