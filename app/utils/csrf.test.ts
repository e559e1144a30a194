import { describe, expect, it } from "vitest";
import { checkCrossSiteRequest } from "./csrf";

const base = { method: "POST", path: "/login", host: "quads.example:3000", protocol: "http", origin: undefined, fetchSite: undefined, contentType: undefined };

describe("checkCrossSiteRequest", () => {
  it("lets reads through", () => {
    expect(checkCrossSiteRequest({ ...base, method: "GET", fetchSite: "cross-site" }).ok).toBe(true);
  });
  it("accepts same-origin form posts and refuses cross-site ones", () => {
    expect(checkCrossSiteRequest({ ...base, origin: "http://quads.example:3000", fetchSite: "same-origin", contentType: "application/x-www-form-urlencoded" }).ok).toBe(true);
    expect(checkCrossSiteRequest({ ...base, fetchSite: "cross-site" })).toMatchObject({ ok: false, status: 403 });
    expect(checkCrossSiteRequest({ ...base, fetchSite: "same-site" })).toMatchObject({ ok: false, status: 403 });
    expect(checkCrossSiteRequest({ ...base, origin: "https://evil.example" })).toMatchObject({ ok: false, status: 403 });
    expect(checkCrossSiteRequest({ ...base, origin: "null" })).toMatchObject({ ok: false, status: 403 });
  });
  it("compares the scheme too: https://host is not the origin of an http site", () => {
    expect(checkCrossSiteRequest({ ...base, origin: "https://quads.example:3000" })).toMatchObject({ ok: false, status: 403 });
    expect(checkCrossSiteRequest({ ...base, protocol: "https", origin: "https://quads.example:3000" }).ok).toBe(true);
    expect(checkCrossSiteRequest({ ...base, protocol: "https", origin: "http://quads.example:3000" })).toMatchObject({ ok: false, status: 403 });
  });
  it("refuses form content types on /api writes but keeps JSON and bodiless writes working", () => {
    const api = { ...base, path: "/api/posts/1/like" };
    expect(checkCrossSiteRequest({ ...api, contentType: "text/plain" })).toMatchObject({ ok: false, status: 415 });
    expect(checkCrossSiteRequest({ ...api, contentType: "multipart/form-data; boundary=x" })).toMatchObject({ ok: false, status: 415 });
    expect(checkCrossSiteRequest({ ...api, contentType: "application/x-www-form-urlencoded" })).toMatchObject({ ok: false, status: 415 });
    expect(checkCrossSiteRequest({ ...api, contentType: "application/json" }).ok).toBe(true);
    expect(checkCrossSiteRequest({ ...api, method: "DELETE" }).ok).toBe(true);
  });
});

describe("POST /api/uploads (multipart)", () => {
  const upload = { ...base, path: "/api/uploads", contentType: "multipart/form-data; boundary=x" };
  it("accepts a same-origin request (Sec-Fetch-Site or Origin)", () => {
    expect(checkCrossSiteRequest({ ...upload, fetchSite: "same-origin" })).toEqual({ ok: true });
    expect(checkCrossSiteRequest({ ...upload, origin: "http://quads.example:3000" })).toEqual({ ok: true });
  });
  it("refuses one that does not prove it is same-origin, or is cross-site", () => {
    expect(checkCrossSiteRequest(upload)).toMatchObject({ ok: false, status: 403 });
    expect(checkCrossSiteRequest({ ...upload, fetchSite: "none" })).toMatchObject({ ok: false, status: 403 });
    expect(checkCrossSiteRequest({ ...upload, origin: "https://evil.example" })).toMatchObject({ ok: false, status: 403 });
    expect(checkCrossSiteRequest({ ...upload, fetchSite: "cross-site" })).toMatchObject({ ok: false, status: 403 });
  });
  it("keeps refusing multipart on every other /api path", () => {
    expect(checkCrossSiteRequest({ ...upload, path: "/api/posts", fetchSite: "same-origin" })).toMatchObject({ ok: false, status: 415 });
  });
});
