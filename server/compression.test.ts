/**
 * `compressWholeBody` against the `compression` middleware, side by side over real HTTP: for each
 * request and answer, the one-call path must choose what the middleware alone chooses (encoding,
 * Vary, a body left as it is) and send bytes that decode to the same body. Fails when an upgrade of
 * `compression` (or negotiator) decides differently (decision 0127).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compressionMiddleware, compressWholeBody } from "./compression";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

const page = `<!DOCTYPE html><html><body>${"<p>Quads: an AI community, its discussions and meetings.</p>".repeat(300)}</body></html>`;

function appWith(oneCall: boolean) {
  const app = express();
  app.use(compressionMiddleware());
  app.all("/:kind", (request, response) => {
    const kind = request.params.kind;
    const body = kind === "small" ? "<p>short</p>" : page;
    response.setHeader("Content-Type", kind === "events" ? "text/event-stream" : kind === "png" ? "image/png" : "text/html; charset=utf-8");
    if (kind === "no-transform") response.setHeader("Cache-Control", "private, no-transform");
    if (kind === "encoded") response.setHeader("Content-Encoding", "identity");
    response.status(200);
    response.end(oneCall ? compressWholeBody(request, response, body) : body);
  });
  return app;
}

function listen(app: express.Express): Promise<http.Server> {
  return new Promise((resolve) => {
    const server = http.createServer(app).listen(0, "127.0.0.1", () => resolve(server));
  });
}

function request(server: http.Server, path: string, headers: Record<string, string>, method = "GET"): Promise<Answer> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    http
      .request({ host: "127.0.0.1", port, path, method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

function decoded({ headers, body }: Answer): string {
  const encoding = headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(body).toString();
  if (encoding === "gzip") return zlib.gunzipSync(body).toString();
  if (encoding === "deflate") return zlib.inflateSync(body).toString();
  return body.toString();
}

describe("compressWholeBody decides as the compression middleware does", () => {
  let middlewareOnly: http.Server;
  let oneCall: http.Server;
  beforeAll(async () => {
    middlewareOnly = await listen(appWith(false));
    oneCall = await listen(appWith(true));
  });
  afterAll(() => {
    middlewareOnly.close();
    oneCall.close();
  });

  const acceptEncodings = ["gzip, deflate, br", "br", "gzip", "deflate", "gzip;q=1, br;q=0.5", "br;q=0, gzip;q=0", "identity", "*", "compress", ""];
  const cases = [
    ...acceptEncodings.map((accept) => ({ name: `a page, Accept-Encoding "${accept}"`, path: "/page", accept, method: "GET" })),
    { name: "a body under the threshold", path: "/small", accept: "gzip, deflate, br", method: "GET" },
    { name: "an event stream", path: "/events", accept: "gzip, deflate, br", method: "GET" },
    { name: "a type that is not compressible", path: "/png", accept: "gzip, deflate, br", method: "GET" },
    { name: "Cache-Control: no-transform", path: "/no-transform", accept: "gzip, deflate, br", method: "GET" },
    { name: "an answer that names its encoding", path: "/encoded", accept: "gzip, deflate, br", method: "GET" },
    { name: "HEAD", path: "/page", accept: "gzip, deflate, br", method: "HEAD" },
  ];

  for (const { name, path, accept, method } of cases) {
    it(name, async () => {
      const headers = accept ? { "accept-encoding": accept } : ({} as Record<string, string>);
      const [alone, together] = await Promise.all([request(middlewareOnly, path, headers, method), request(oneCall, path, headers, method)]);
      expect(together.status).toBe(alone.status);
      expect(together.headers["content-encoding"]).toBe(alone.headers["content-encoding"]);
      expect(together.headers.vary).toBe(alone.headers.vary);
      expect(decoded(together)).toBe(decoded(alone));
      if (together.headers["content-encoding"] && together.headers["content-encoding"] !== "identity") {
        expect(Number(together.headers["content-length"])).toBe(together.body.length);
      }
    });
  }

  it("compresses a page with brotli when the browser offers it (the common case is covered)", async () => {
    const answer = await request(oneCall, "/page", { "accept-encoding": "gzip, deflate, br" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.length).toBeLessThan(page.length / 10);
  });
});
