import { StytchAPIError, StytchSDKError, type APIErrorBody } from '../errors.ts';

/** Methods the clientside-services page answers (PROTOCOL.md). */
export interface ClientsideServices {
  parsedPhoneNumber(req: { phoneNumber: string; regionCode: string }): Promise<{ isValid: boolean; number: string; national: string }>;
  getExamplePhoneNumber(req: { regionCode: string }): Promise<{ phoneNumber: string }>;
  oneTapStart(req: object): Promise<unknown>;
  oneTapSubmit(req: object): Promise<unknown>;
}

/** `oneTapStart`'s answer: the project's Google client and the callback to submit to. */
export interface OneTapStartResult {
  googleClientId: string;
  oauthCallbackId: string;
}

/** An API-error-shaped reply (the page marshals provider errors) becomes a StytchAPIError. */
function replyError(error: unknown): Error {
  const e = error as Partial<APIErrorBody> | null | undefined;
  if (e && typeof e === 'object' && typeof e.error_type === 'string' && typeof e.status_code === 'number') {
    return new StytchAPIError({ status_code: e.status_code, error_type: e.error_type, error_message: String(e.error_message ?? ''), error_url: String(e.error_url ?? '') });
  }
  return new StytchSDKError(typeof error === 'string' ? error : JSON.stringify(error ?? 'clientside services failed'));
}

/** A request posted to the page, with a MessagePort for its one reply. */
export interface ServiceRequest {
  method: string;
  args: [object];
}

/** The page's reply on the port (the page's side is page.ts). */
export type Reply = { success: true; payload: unknown } | { success: false; error: unknown };

/** The hidden-iframe channel, created on first use; messages go only to the iframe's exact origin. */
export class IframeChannel implements ClientsideServices {
  private frame: Promise<HTMLIFrameElement> | undefined;
  private readonly origin: string;

  constructor(
    private readonly url: string,
    private readonly doc: () => Document,
  ) {
    this.origin = new URL(url).origin;
  }

  private load(): Promise<HTMLIFrameElement> {
    return (this.frame ??= new Promise((resolve) => {
      const doc = this.doc();
      const f = doc.createElement('iframe');
      f.src = this.url;
      f.title = 'clientside services';
      f.setAttribute('aria-hidden', 'true');
      f.tabIndex = -1;
      f.style.cssText = 'position:absolute;width:0;height:0;border:0';
      f.addEventListener('load', () => resolve(f), { once: true });
      doc.body.appendChild(f);
    }));
  }

  /** Posts `{method, args}` with a MessagePort to the iframe's exact origin and awaits the port's reply. */
  async call<T>(method: string, request: object): Promise<T> {
    const frame = await this.load();
    const { port1, port2 } = new MessageChannel();
    return new Promise<T>((resolve, reject) => {
      port1.onmessage = (e: MessageEvent<Reply>) => {
        port1.close();
        const r = e.data;
        if (r && r.success === true) resolve(r.payload as T);
        else reject(replyError(r?.error));
      };
      const target = frame.contentWindow;
      if (!target) return reject(new StytchSDKError('The clientside services frame is gone.'));
      const message: ServiceRequest = { method, args: [request] };
      target.postMessage(message, this.origin, [port2]);
    });
  }

  parsedPhoneNumber = (r: { phoneNumber: string; regionCode: string }) => this.call<{ isValid: boolean; number: string; national: string }>('parsedPhoneNumber', r);
  getExamplePhoneNumber = (r: { regionCode: string }) => this.call<{ phoneNumber: string }>('getExamplePhoneNumber', r);
  oneTapStart = (r: object) => this.call<unknown>('oneTapStart', r);
  oneTapSubmit = (r: object) => this.call<unknown>('oneTapSubmit', r);

  /** Removes the iframe if it was created. */
  dispose(): void {
    void this.frame?.then((f) => f.remove());
    this.frame = undefined;
  }
}
