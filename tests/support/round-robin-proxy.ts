/**
 * A small round-robin reverse proxy for the multi-box tests (tests/multibox.e2e.ts), doing what the
 * nginx of docs/operations.md ("Running several boxes") does: each request to the next box in turn,
 * the Host header kept, the client's address appended to X-Forwarded-For (the boxes run with
 * TRUST_PROXY=1), a request's body read before it is sent on (nginx's proxy_request_buffering) and
 * the answer streamed as it comes, unbuffered (Server-Sent Events arrive as they are written), and a
 * box that refuses connections passed over for a while (nginx's max_fails / fail_timeout) with the
 * request sent to the next one: it never reached the dead box, so sending it again is safe. A box
 * that dies mid-request answers that request 502, as nginx does.
 */
import { request as httpRequest, createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";

export type RoundRobinProxy = {
  url: string;
  port: number;
  /** The boxes' base URLs, in turn. */
  setBackends: (urls: string[]) => void;
  /** Requests each box answered (by base URL), and those answered 502. */
  stats: () => { answered: Record<string, number>; failed: number; retried: number };
  stop: () => Promise<void>;
};

/** How long a box that refused a connection is passed over. */
const FAIL_TIMEOUT_MS = 5_000;

export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let backends: URL[] = [];
  let next = 0;
  const downUntil = new Map<string, number>();
  const answered: Record<string, number> = {};
  let failed = 0;
  let retried = 0;
  const sockets = new Set<Socket>();

  /** The next box in turn that is not passed over (all of them passed over: the next one anyway). */
  function pick(excluded: Set<string>): URL | undefined {
    const candidates = backends.filter((backend) => !excluded.has(backend.origin));
    if (candidates.length === 0) return undefined;
    for (let index = 0; index < candidates.length; index += 1) {
      const backend = candidates[(next + index) % candidates.length];
      if ((downUntil.get(backend.origin) ?? 0) <= Date.now()) {
        next = (next + index + 1) % Math.max(1, backends.length);
        return backend;
      }
    }
    return candidates[next++ % candidates.length];
  }

  function forward(request: IncomingMessage, response: ServerResponse, body: Buffer, tried: Set<string>) {
    const backend = pick(tried);
    if (!backend) {
      failed += 1;
      response.writeHead(502, { "Content-Type": "text/plain" }).end("No box answers");
      return;
    }
    tried.add(backend.origin);
    const forwardedFor = [request.headers["x-forwarded-for"], request.socket.remoteAddress].filter(Boolean).join(", ");
    const upstream = httpRequest({
      host: backend.hostname,
      port: backend.port,
      method: request.method,
      path: request.url,
      headers: { ...request.headers, "x-forwarded-for": forwardedFor, "x-forwarded-proto": "http", connection: "close" },
      agent: false, // a fresh connection per request: a killed box shows as a refused connection, never a stale one
    });
    let isConnected = false;
    upstream.on("socket", (socket) => socket.once("connect", () => (isConnected = true)));
    upstream.on("response", (answer) => {
      answered[backend.origin] = (answered[backend.origin] ?? 0) + 1;
      response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      response.flushHeaders(); // an event stream's headers at once, before its first event
      answer.on("data", (chunk: Buffer) => response.write(chunk));
      answer.on("end", () => response.end());
      answer.on("error", () => response.destroy());
      response.on("close", () => answer.destroy());
    });
    upstream.on("error", () => {
      if (!isConnected) {
        downUntil.set(backend.origin, Date.now() + FAIL_TIMEOUT_MS);
        retried += 1;
        forward(request, response, body, tried);
        return;
      }
      failed += 1;
      if (!response.headersSent) response.writeHead(502, { "Content-Type": "text/plain" }).end("The box went away");
      else response.destroy();
    });
    upstream.end(body);
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    // The whole body first: a box that refuses the connection can be replaced by the next one.
    request.on("end", () => forward(request, response, Buffer.concat(chunks), new Set()));
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.once("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setBackends: (urls) => {
      backends = urls.map((url) => new URL(url));
    },
    stats: () => ({ answered: { ...answered }, failed, retried }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
