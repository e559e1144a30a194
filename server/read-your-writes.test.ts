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
      expect(response.headers.getSetCookie(), method).toEqual(["quads_session=abc; Path=/", `${WROTE_COOKIE}=1; Max-Age=${WROTE_SECONDS}; Path=/; HttpOnly; SameSite=Lax`]);
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
    await fetch(`${base}/discussions`, { headers: { cookie: `__session=abc; ${WROTE_COOKIE}=1` } });
    expect(events).toEqual(["catch-up started", "caught up", "answered GET"]);
  });

  it("reads the cookie by its exact name", () => {
    expect(wroteRecently(`${WROTE_COOKIE}=1`)).toBe(true);
    expect(wroteRecently(`a=b;${WROTE_COOKIE}=1`)).toBe(true);
    expect(wroteRecently(`not_${WROTE_COOKIE}=1`)).toBe(false);
    expect(wroteRecently(undefined)).toBe(false);
  });
});
