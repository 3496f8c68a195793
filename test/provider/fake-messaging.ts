import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it. */
export interface Received {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  /** The form fields (Twilio) or the JSON body (WhatsApp Cloud). */
  form: URLSearchParams;
  json: any;
}

/** What the fake answers to one request: a status and a JSON body, or 'hang' (never answer). */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'hang';

let sid = 0;

/** Twilio's success answer to POST …/Messages.json (abridged to the fields callers read). */
export function twilioCreated(to: string): Reply {
  sid++;
  return { status: 201, body: { sid: `SM${String(sid).padStart(32, '0')}`, status: 'queued', to, error_code: null, error_message: null } };
}

/** Twilio's error body: {code, message, more_info, status}. */
export function twilioError(status: number, code: number, message: string, headers?: Record<string, string>): Reply {
  return { status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }, headers };
}

/** The Graph API's success answer to POST /{version}/{phone-id}/messages. */
export function cloudSent(to: string): Reply {
  sid++;
  return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${sid}` }] } };
}

/** The Graph API's error body. */
export function cloudError(status: number, code: number, message: string, headers?: Record<string, string>): Reply {
  return { status, body: { error: { message, type: code === 190 ? 'OAuthException' : 'WhatsAppBusinessApiError', code, fbtrace_id: 'Afake' } }, headers };
}

/**
 * A local server speaking the Twilio Messages and WhatsApp Cloud HTTP shapes. It checks the
 * credentials as the real services do and otherwise answers from a script the test queues
 * (`queue`), defaulting to success; every request is kept in `received`.
 */
export async function fakeMessaging(credentials: { twilioSid: string; twilioToken: string; cloudToken: string; phoneId: string }) {
  const received: Received[] = [];
  const script: Reply[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    let json: any;
    try {
      json = JSON.parse(body);
    } catch {
      json = undefined;
    }
    const r: Received = { method: req.method ?? '', path, headers: req.headers, body, form: new URLSearchParams(body), json };
    received.push(r);
    const send = (reply: Reply) => {
      if (reply === 'hang') {
        hanging.add(res);
        return;
      }
      res.writeHead(reply.status, { 'Content-Type': 'application/json', ...reply.headers }).end(JSON.stringify(reply.body));
    };
    const twilio = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (twilio && req.method === 'POST') {
      const basic = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      if (twilio[1] !== credentials.twilioSid || basic !== `${credentials.twilioSid}:${credentials.twilioToken}`) {
        return send(twilioError(401, 20003, 'Authenticate'));
      }
      return send(script.shift() ?? twilioCreated(r.form.get('To') ?? ''));
    }
    const cloud = /^\/v[\d.]+\/([^/]+)\/messages$/.exec(path);
    if (cloud && req.method === 'POST') {
      if (req.headers.authorization !== `Bearer ${credentials.cloudToken}`) {
        return send(cloudError(401, 190, 'Error validating access token: The session has been invalidated.'));
      }
      if (cloud[1] !== credentials.phoneId) return send(cloudError(400, 100, `Unsupported post request. Object with ID '${cloud[1]}' does not exist`));
      return send(script.shift() ?? cloudSent(json?.to ?? ''));
    }
    send({ status: 404, body: { error: 'not found' } });
  });
  // Longer than any test's pauses: a keep-alive socket the server closes while the client
  // reuses it would cost a (correctly retried) extra attempt and skew the counts tests check.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** Answers the next requests with these replies, in order. */
    queue(...replies: Reply[]) {
      script.push(...replies);
    },
    reset() {
      received.length = 0;
      script.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
