import { describe, expect, it } from "vitest";
import { checkRequestShape, clientErrorAnswer } from "./request-shape";

const check = (overrides: Partial<Parameters<typeof checkRequestShape>[0]>) =>
  checkRequestShape({ method: "GET", target: "/discussions", host: "quads.example:3000", protocol: "http", ...overrides });

describe("checkRequestShape", () => {
  it("lets ordinary requests through", () => {
    expect(check({})).toEqual({ ok: true });
    expect(check({ method: "POST", target: "/post/1?index" })).toEqual({ ok: true });
    expect(check({ method: "DELETE", target: "/api/posts/1" })).toEqual({ ok: true });
    expect(check({ host: "[::1]:3000" })).toEqual({ ok: true });
    expect(check({ host: "127.0.0.1" })).toEqual({ ok: true });
    expect(check({ target: "/music-artists?q=%ZZ" })).toEqual({ ok: true });
  });

  it("refuses a target that is not a path (OPTIONS *, absolute form) with 400", () => {
    for (const target of ["*", "http://evil.test/discussions", "discussions"]) {
      expect(check({ method: "OPTIONS", target })).toMatchObject({ ok: false, status: 400 });
    }
  });

  it("refuses a missing or malformed Host and a forwarded protocol other than http(s) with 400", () => {
    for (const host of [undefined, "", "exa mple.test", "[::1", "a:b:c", "a@b", "example.test/../x", "example.test:99999", "%41", "x".repeat(300)]) {
      expect(check({ host }), String(host)).toMatchObject({ ok: false, status: 400, message: "The Host header is missing or malformed." });
    }
    expect(check({ protocol: "javascript" })).toMatchObject({ ok: false, status: 400 });
  });

  it("refuses broken percent-encoding in the path with 400", () => {
    expect(check({ target: "/api/admin/resources/%ZZ" })).toMatchObject({ ok: false, status: 400 });
    expect(check({ target: "/%" })).toMatchObject({ ok: false, status: 400 });
  });

  it("answers 405 with Allow for methods the site does not use", () => {
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"]) {
      expect(check({ method, target: "/discussions" })).toEqual({ ok: false, status: 405, message: "Method not allowed. Use GET, HEAD, POST.", allow: "GET, HEAD, POST" });
    }
    for (const method of ["OPTIONS", "TRACE", "PROPFIND"]) {
      expect(check({ method, target: "/api/posts" })).toMatchObject({ ok: false, status: 405, allow: "GET, HEAD, POST, PUT, PATCH, DELETE" });
    }
  });
});

describe("clientErrorAnswer", () => {
  it("is a whole HTTP answer with a readable body: 431 for headers over the limit, 408 for a slow head, 400 otherwise", () => {
    const answer = clientErrorAnswer("HPE_HEADER_OVERFLOW");
    expect(answer).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    const [head, body] = answer.split("\r\n\r\n");
    expect(head).toContain("Connection: close");
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(body).toMatch(/headers are too large/);
    expect(clientErrorAnswer("ERR_HTTP_REQUEST_TIMEOUT")).toMatch(/^HTTP\/1\.1 408 /);
    expect(clientErrorAnswer("HPE_INVALID_METHOD")).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*\r\n\r\nThe request is malformed\.\n$/);
    expect(clientErrorAnswer(undefined)).toMatch(/^HTTP\/1\.1 400 /);
  });
});
