import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The per-request Content-Security-Policy nonce every inline script carries. */
    cspNonce: string;
    /** The client's IP (honours TRUST_PROXY). */
    clientIp: string;
    requestId: string;
  }
}
