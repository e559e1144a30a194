/**
 * What server.ts knows about a request and the app needs (the CSP nonce, the client's IP, the
 * request id), handed to loaders and actions in React Router's request context. server.ts builds
 * the context with `requestContextOf`, which it takes from the build (`build.entry.module`) so the
 * context key is the build's own object: a key imported into server.ts's bundle separately would
 * be a second object and never match.
 */
import { createContext, RouterContextProvider } from "react-router";

export type RequestInfo = {
  /** The per-request Content-Security-Policy nonce every inline script carries. */
  cspNonce: string;
  /** The client's IP (honours TRUST_PROXY). */
  clientIp: string;
  requestId: string;
};

const requestInfoContext = createContext<RequestInfo>();

/** The context server.ts hands to React Router for one request. */
export function requestContextOf(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

/** The request's values, in a loader or an action. */
export function requestInfoOf(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
