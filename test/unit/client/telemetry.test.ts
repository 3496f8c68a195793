import { expect } from '@open-wc/testing';
import { createClient } from '../../../client/index.ts';
import { fakeEnv, flush } from './fake-env.ts';

const TOKEN = 'public-token-test-33333333-3333-3333-3333-333333333333';
const events = (calls: { url: string }[]) => calls.filter((c) => c.url.endsWith('/sdk/v1/events')) as ReturnType<typeof fakeEnv>['calls'];

describe('client telemetry', () => {
  it('sends a batch 800 ms after the first event, without Authorization', async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: 'http://localhost:4100', env: f.env });
    client.logEvent({ event_name: 'render_login_screen', details: { options: {} } });
    client.logEvent({ event_name: 'email_sent', details: { email: 'a@example.com', type: 'login_or_create_eml' } });
    await f.timers.advance(799);
    expect(events(f.calls)).to.have.length(0);
    await f.timers.advance(1);
    const sent = events(f.calls);
    expect(sent).to.have.length(1);
    expect(sent[0]!.url).to.equal('http://localhost:4100/sdk/v1/events');
    expect(sent[0]!.headers.Authorization).to.equal(undefined);
    const body = sent[0]!.body as { telemetry: { event_id: string }; event: { public_token: string; event_name: string } }[];
    expect(body.map((e) => e.event.event_name)).to.deep.equal(['render_login_screen', 'email_sent']);
    expect(body[0]!.event.public_token).to.equal(TOKEN);
    expect(body[0]!.telemetry.event_id).to.match(/^event-id-/);
    client.dispose();
  });

  it('reports the moment each event was logged, not the moment its batch was sent', async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: 'http://localhost:4100', env: f.env });
    const start = f.timers.now();
    client.logEvent({ event_name: 'first' });
    await f.timers.advance(300);
    client.logEvent({ event_name: 'second' });
    await f.timers.advance(500);
    const body = events(f.calls)[0]!.body as { telemetry: { event_id: string; client_sent_at: string } }[];
    expect(body.map((e) => Date.parse(e.telemetry.client_sent_at) - start)).to.deep.equal([0, 300]);
    expect(new Set(body.map((e) => e.telemetry.event_id)).size).to.equal(2);
    client.dispose();
  });

  it('sends at most 15 events per batch, a full batch at once', async () => {
    const f = fakeEnv();
    const client = createClient(TOKEN, { baseUrl: 'http://localhost:4100', env: f.env });
    for (let i = 0; i < 32; i++) client.logEvent({ event_name: `e${i}` });
    await flush();
    expect(events(f.calls).map((c) => (c.body as unknown[]).length)).to.deep.equal([15, 15]);
    await f.timers.advance(800);
    expect(events(f.calls).map((c) => (c.body as unknown[]).length)).to.deep.equal([15, 15, 2]);
    client.dispose();
  });

  it('flushes when the page is hidden and ignores failures', async () => {
    const f = fakeEnv({ 'POST /events': () => Promise.reject(new TypeError('Failed to fetch')) });
    const client = createClient(TOKEN, { baseUrl: 'http://localhost:4100', env: f.env });
    client.logEvent({ event_name: 'x' });
    f.hiddenListeners.forEach((l) => l());
    await flush();
    expect(events(f.calls)).to.have.length(1);
    expect(f.timers.delays().filter((d) => d === 800)).to.deep.equal([]);
    client.dispose();
    expect(f.hiddenListeners.size).to.equal(0);
  });
});
