// The fallback load generator of the HTTP benchmarks when Debian's wrk is not installed.
import autocannon from 'autocannon';

export interface LoadOptions extends autocannon.Options {
  /**
   * The server's limit of requests per connection (Node's maxRequestsPerSocket; the portal's
   * REQUESTS_PER_CONNECTION with several API processes), 0 for none. At the limit the server's
   * answer says `Connection: close` and Node answers 503 to whatever else comes on it. wrk
   * reconnects on that header; autocannon does not and counted hundreds of thousands of 503s, so
   * it is told to reconnect after as many requests (it leaves that last answer uncounted).
   */
  requestsPerConnection: number;
}

export function autocannonLoad({ requestsPerConnection, ...opts }: LoadOptions): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(
      { ...opts, ...(requestsPerConnection > 0 ? { reconnectRate: requestsPerConnection } : {}) },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}
