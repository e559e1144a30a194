import express from "express";
import compression from "compression";
import http from "node:http";
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { constants, deflateRawSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createPageCache, gzipAround, split } from "./page-cache.server";

describe("gzipAround", () => {
  it("is a valid gzip stream of the pieces joined with the fill, whatever the pieces", () => {
    const cases = [
      ["<html>", "</html>"],
      ["", "a", ""],
      ["only one piece, no nonce at all"],
      [randomBytes(70_000).toString("base64"), "<script nonce=\"", "\">x</script>", ""],
    ];
    for (const texts of cases) {
      const pieces = texts.map((text) => Buffer.from(text));
      const deflated = pieces.map((piece) => deflateRawSync(piece, { finishFlush: constants.Z_SYNC_FLUSH }));
      const fill = Buffer.from(randomBytes(16).toString("base64"));
      expect(gunzipSync(gzipAround(pieces, deflated, fill)).toString()).toBe(texts.join(fill.toString()));
    }
  });

  it("split() cuts a body at every occurrence of the marker", () => {
    expect(split(Buffer.from("aXXbXXXXc"), Buffer.from("XX")).map(String)).toEqual(["a", "b", "", "c"]);
    expect(split(Buffer.from("abc"), Buffer.from("XX")).map(String)).toEqual(["abc"]);
  });
});

describe("page cache middleware", () => {
  let version = "1:0";
  let clock = 1_000;
  let renders = 0;
  let baseURL = "";
  let server: ReturnType<express.Express["listen"]>;
  const cache = createPageCache({
    ttlMs: 10_000,
    version: () => version,
    nonceOf: (response) => response.locals.cspNonce as string,
    now: () => clock,
  });

  beforeAll(async () => {
    const app = express();
    app.use(compression());
    app.use((_request, response, next) => {
      response.locals.cspNonce = randomBytes(16).toString("base64");
      response.set("Content-Security-Policy", `script-src 'nonce-${response.locals.cspNonce}'`);
      next();
    });
    app.use(cache.middleware);
    app.get("/page", (request, response) => {
      renders += 1;
      const who = request.get("cookie") ?? "visitor";
      response.type("html").send(`<p>${who} render ${renders}</p><script nonce="${response.locals.cspNonce}">1</script>${"x".repeat(5000)}`);
    });
    app.get("/flash", (_request, response) => {
      renders += 1;
      response.append("Set-Cookie", "toast=; Max-Age=0").type("html").send(`<p>render ${renders}</p>`);
    });
    app.get("/missing", (_request, response) => {
      renders += 1;
      response.status(404).type("html").send(`<p>render ${renders}</p>`);
    });
    app.get("/api/thing", (_request, response) => {
      renders += 1;
      response.json({ renders });
    });
    app.get("/api/private", (_request, response) => {
      renders += 1;
      response.set("Cache-Control", "no-store").json({ renders });
    });
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    cache.clear();
    version = "1:0";
    clock = 1_000;
    renders = 0;
  });

  const get = (path: string, cookie?: string, encoding = "gzip, deflate, br") =>
    fetch(`${baseURL}${path}`, { headers: { "Accept-Encoding": encoding, ...(cookie ? { Cookie: cookie } : {}) } });

  it("answers the same browser again without rendering, with this response's nonce in the page and the CSP", async () => {
    const first = await get("/page", "quads_session=a");
    const firstBody = await first.text();
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await get("/page", "quads_session=a");
    const body = await second.text();
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(renders).toBe(1);
    const nonce = /nonce="([^"]+)"/.exec(body)![1];
    expect(second.headers.get("content-security-policy")).toBe(`script-src 'nonce-${nonce}'`);
    expect(nonce).not.toBe(/nonce="([^"]+)"/.exec(firstBody)![1]);
    expect(body.replace(nonce, "N")).toBe(firstBody.replace(/nonce="[^"]+"/, 'nonce="N"'));
    const plain = await get("/page", "quads_session=a", "identity");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("quads_session=a render 1");
  });

  it("never serves one browser's page to another (the key holds the whole Cookie header)", async () => {
    await get("/page", "quads_session=a");
    expect(await (await get("/page", "quads_session=b")).text()).toContain("quads_session=b render 2");
    expect(await (await get("/page")).text()).toContain("visitor render 3");
    expect(await (await get("/page", "quads_session=a; tz=Europe%2FParis")).text()).toContain("render 4");
    expect(await (await get("/page", "quads_session=a")).text()).toContain("quads_session=a render 1");
  });

  it("keys on the host and protocol the app sees (Host, X-Forwarded-Host, X-Forwarded-Proto): one site's page is never another's", async () => {
    const port = new URL(baseURL).port;
    const getAs = (headers: Record<string, string>) =>
      new Promise<string>((resolve, reject) => {
        http
          .get({ host: "127.0.0.1", port, path: "/page", headers: { Cookie: "s=a", ...headers } }, (response) => {
            let body = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (body += chunk));
            response.on("end", () => resolve(body));
          })
          .on("error", reject);
      });
    expect(await getAs({ Host: "quads.example" })).toContain("render 1");
    expect(await getAs({ Host: "quads.example" })).toContain("render 1");
    expect(await getAs({ Host: "attacker.example" })).toContain("render 2");
    expect(await getAs({ Host: "quads.example", "X-Forwarded-Host": "attacker.example" })).toContain("render 3");
    expect(await getAs({ Host: "quads.example", "X-Forwarded-Proto": "https" })).toContain("render 4");
    expect(await getAs({ Host: "quads.example" })).toContain("render 1");
  });

  it("renders again once the database has changed or the entry has expired", async () => {
    await get("/page", "s=a");
    version = "2:0";
    expect(await (await get("/page", "s=a")).text()).toContain("render 2");
    expect(await (await get("/page", "s=a")).text()).toContain("render 2");
    clock += 10_001;
    expect(await (await get("/page", "s=a")).text()).toContain("render 3");
  });

  it("keeps JSON, but not responses that set a cookie, are not 200 or say no-store", async () => {
    await get("/api/thing", "s=a");
    expect(await (await get("/api/thing", "s=a")).json()).toEqual({ renders: 1 });
    for (const path of ["/flash", "/missing", "/api/private"]) {
      renders = 0;
      await get(path, "s=a");
      await get(path, "s=a");
      expect(renders, path).toBe(2);
    }
  });

  it("only ever reuses GET answers", async () => {
    const before = cache.stats();
    await get("/page", "s=a");
    const posted = await fetch(`${baseURL}/page`, { method: "POST", headers: { Cookie: "s=a" } });
    expect(posted.headers.get("x-page-cache")).toBeNull();
    const after = cache.stats();
    expect([after.hits - before.hits, after.misses - before.misses, after.stored - before.stored, after.entries]).toEqual([0, 1, 1, 1]);
  });

  it("keeps at most maxEntries answers, dropping the least recently used", async () => {
    const small = createPageCache({ ttlMs: 10_000, version: () => "1", nonceOf: () => undefined, maxEntries: 2 });
    const app = express();
    let count = 0;
    app.use(small.middleware);
    app.get("/n/:id", (request, response) => {
      count += 1;
      response.type("html").send(`<p>${request.params.id} ${count}</p>`);
    });
    const local = await new Promise<ReturnType<express.Express["listen"]>>((resolve) => {
      const listening = app.listen(0, "127.0.0.1", () => resolve(listening));
    });
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    const text = async (path: string) => (await fetch(`${url}${path}`)).text();
    await text("/n/a");
    await text("/n/b");
    await text("/n/a"); // a is now the most recently used
    await text("/n/c"); // drops b
    expect(small.stats().entries).toBe(2);
    expect(await text("/n/a")).toBe("<p>a 1</p>");
    expect(await text("/n/b")).toBe("<p>b 4</p>");
    await new Promise<void>((resolve) => local.close(() => resolve()));
  });
});
