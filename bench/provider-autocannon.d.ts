// The slice of autocannon's API the provider bench uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      duration?: number;
      /** Requests to send in all, spread over the connections; the load then ends when they are answered (duration is ignored). */
      amount?: number;
      /** Load-generator worker threads (requests must then be plain objects). */
      workers?: number;
      requests?: Array<Request>;
    }
    interface Request {
      method?: string;
      path?: string;
      body?: string;
      headers?: Record<string, string>;
      /** Rewrites the request before it is sent; `context` is the connection's. */
      setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
      /** Sees each answer (the body is collected only when this is given). */
      onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
      [k: string]: unknown;
    }
    interface Result {
      requests: { average: number; total: number };
      /** Seconds the load took. */
      duration: number;
      latency: { p50: number; p99: number };
      non2xx: number;
      errors: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
