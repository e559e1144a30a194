/**
 * The one-call compression of a complete body against the `compression` middleware alone, side by
 * side over real HTTP: for each request and answer, it must choose what the middleware alone
 * chooses (encoding, Vary, a body left as it is) and send bytes that decode to the same body. Fails
 * when an upgrade of `compression` (or negotiator) decides differently (decision 0127). And the page
 * cache behind it still keeps the body as rendered.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCache } from "../app/utils/page-cache.server";
import { compressionMiddleware } from "./compression";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

const page = `<!DOCTYPE html><html><body>${"<p>Quads: an AI community, its discussions and meetings.</p>".repeat(300)}</body></html>`;

function appWith(oneCall: boolean) {
  const app = express();
  const [middleware] = compressionMiddleware();
  app.use(oneCall ? compressionMiddleware() : middleware);
  app.all("/:kind", (request, response) => {
    const kind = request.params.kind;
    const body = kind === "small" ? "<p>short</p>" : page;
    response.setHeader("Content-Type", kind === "events" ? "text/event-stream" : kind === "png" ? "image/png" : "text/html; charset=utf-8");
    if (kind === "no-transform") response.setHeader("Cache-Control", "private, no-transform");
    if (kind === "encoded") response.setHeader("Content-Encoding", "identity");
    if (kind === "json") return void response.json({ page });
    response.status(200);
    if (kind === "streamed") {
      response.write(page.slice(0, 5000));
      return void response.end(page.slice(5000));
    }
    response.end(kind === "buffer" ? Buffer.from(body) : body);
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

describe("a body sent whole is compressed as the compression middleware alone would", () => {
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
    { name: "a Buffer body", path: "/buffer", accept: "gzip, deflate, br", method: "GET" },
    { name: "res.json", path: "/json", accept: "gzip, deflate, br", method: "GET" },
    { name: "a body written in pieces (left to the middleware's stream)", path: "/streamed", accept: "gzip, deflate, br", method: "GET" },
  ];

  for (const { name, path, accept, method } of cases) {
    it(name, async () => {
      const headers = accept ? { "accept-encoding": accept } : ({} as Record<string, string>);
      const [alone, together] = await Promise.all([request(middlewareOnly, path, headers, method), request(oneCall, path, headers, method)]);
      expect(together.status).toBe(alone.status);
      expect(together.headers["content-encoding"]).toBe(alone.headers["content-encoding"]);
      expect(together.headers.vary).toBe(alone.headers.vary);
      expect(decoded(together)).toBe(decoded(alone));
      // An answer sent whole says its compressed length (a streamed one goes chunked).
      if (together.headers["content-length"] !== undefined) expect(Number(together.headers["content-length"])).toBe(together.body.length);
    });
  }

  it("compresses a page with brotli when the browser offers it (the common case is covered)", async () => {
    const answer = await request(oneCall, "/page", { "accept-encoding": "gzip, deflate, br" });
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.body.length).toBeLessThan(page.length / 10);
  });
});

describe("the page cache behind the one-call compression", () => {
  let server: http.Server;
  beforeAll(async () => {
    const app = express();
    app.use(compressionMiddleware());
    app.use((_request, response, next) => {
      response.locals.cspNonce = "n0nce";
      next();
    });
    app.use(createPageCache({ ttlMs: 60_000, version: () => "1", nonceOf: (response) => response.locals.cspNonce as string }).middleware);
    app.get("/page", (_request, response) => {
      response.setHeader("Content-Type", "text/html; charset=utf-8");
      response.end(page.replace("<body>", '<body><script nonce="n0nce"></script>'));
    });
    server = await listen(app);
  });
  afterAll(() => {
    server.close();
  });

  it("keeps the page as rendered, and a hit decodes to it for every encoding", async () => {
    const rendered = page.replace("<body>", '<body><script nonce="n0nce"></script>');
    const first = await request(server, "/page", { "accept-encoding": "gzip, deflate, br" });
    expect(first.headers["x-page-cache"]).toBe("miss");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(decoded(first)).toBe(rendered);
    for (const accept of ["gzip, deflate, br", "br", "gzip", ""]) {
      const hit = await request(server, "/page", accept ? { "accept-encoding": accept } : {});
      expect(hit.headers["x-page-cache"], accept).toBe("hit");
      expect(decoded(hit), accept).toBe(rendered);
    }
  });
});
