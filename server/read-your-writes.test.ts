import express from "express";
import onHeaders from "on-headers";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readYourWrites, WROTE_COOKIE, WROTE_SECONDS, wroteRecently } from "./read-your-writes";

describe("read-your-writes (decision 0121)", () => {
  const events: string[] = [];
  let base = "";
  let close: () => void = () => undefined;

  beforeAll(async () => {
    const app = express();
    app.use(
      readYourWrites(async () => {
        events.push("catch-up started");
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push("caught up");
      }, onHeaders),
    );
    app.all("/refused", (_request, response) => void response.status(400).send("refused"));
    app.all("*", (request, response) => {
      events.push(`answered ${request.method}`);
      response.append("Set-Cookie", "quads_session=abc; Path=/");
      response.send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  it("marks the answer to a request that may have written with a short cookie, and never a read's", async () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      const response = await fetch(`${base}/discussions/new`, { method });
      // After the app's own cookies: a client reading the first Set-Cookie still finds the session.
      const [session, wrote] = response.headers.getSetCookie();
      expect(session, method).toBe("quads_session=abc; Path=/");
      expect(wrote, method).toMatch(new RegExp(`^${WROTE_COOKIE}=\\d+; Max-Age=${WROTE_SECONDS}; Path=/; HttpOnly; SameSite=Lax$`));
      expect(wroteRecently(wrote.split(";")[0]), method).toBe(true);
    }
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      const response = await fetch(`${base}/discussions`, { method });
      expect(response.headers.getSetCookie(), method).toEqual(["quads_session=abc; Path=/"]);
    }
    const refused = await fetch(`${base}/refused`, { method: "POST" });
    expect(refused.headers.getSetCookie()).toEqual([]);
  });

  it("waits for the catch-up before a request of a browser that wrote a moment ago, and only then", async () => {
    events.length = 0;
    await fetch(`${base}/discussions`, { headers: { cookie: "__session=abc" } });
    expect(events).toEqual(["answered GET"]);
    events.length = 0;
    await fetch(`${base}/discussions`, { headers: { cookie: `__session=abc; ${WROTE_COOKIE}=${Date.now()}` } });
    expect(events).toEqual(["catch-up started", "caught up", "answered GET"]);
    // A mark kept past its Max-Age (a client that never drops cookies) makes no request wait.
    events.length = 0;
    await fetch(`${base}/discussions`, { headers: { cookie: `__session=abc; ${WROTE_COOKIE}=${Date.now() - WROTE_SECONDS * 1000 - 1}` } });
    expect(events).toEqual(["answered GET"]);
  });

  it("reads the cookie by its exact name, and only a mark of the last WROTE_SECONDS (a little of another box's clock ahead allowed)", () => {
    const now = 1_800_000_000_000;
    expect(wroteRecently(`${WROTE_COOKIE}=${now - 1_000}`, now)).toBe(true);
    expect(wroteRecently(`a=b;${WROTE_COOKIE}=${now}`, now)).toBe(true);
    expect(wroteRecently(`${WROTE_COOKIE}=${now + 1_000}`, now)).toBe(true);
    expect(wroteRecently(`${WROTE_COOKIE}=${now + 60_000}`, now)).toBe(false);
    expect(wroteRecently(`${WROTE_COOKIE}=${now - WROTE_SECONDS * 1000}`, now)).toBe(false);
    expect(wroteRecently(`not_${WROTE_COOKIE}=${now}`, now)).toBe(false);
    expect(wroteRecently(`${WROTE_COOKIE}=1`, now)).toBe(false);
    expect(wroteRecently(`${WROTE_COOKIE}=soon`, now)).toBe(false);
    expect(wroteRecently(undefined, now)).toBe(false);
  });
});
