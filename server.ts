/**
 * Express: compression, security headers (nonce-based CSP), CSRF defence, static assets with
 * long immutable caching, then the Remix request handler. Nothing else: the app lives in app/.
 */
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { randomBytes, randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppServer } from "./app/entry.server";
import { checkCrossSiteRequest } from "./app/utils/csrf";

const isProduction = process.env.NODE_ENV === "production";

const viteDevServer = isProduction
  ? undefined
  : await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } }));

async function loadBuild(): Promise<ServerBuild> {
  if (viteDevServer) return (await viteDevServer.ssrLoadModule("virtual:remix/server-build")) as ServerBuild;
  return (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;
}

const initialBuild = await loadBuild();
const appServer = (initialBuild.entry.module as unknown as { appServer: AppServer }).appServer;

let env: Awaited<ReturnType<AppServer["start"]>>;
try {
  env = await appServer.start();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", parseTrustProxy(env.TRUST_PROXY));
app.use(compression());

app.use((request, response, next) => {
  const nonce = randomBytes(16).toString("base64");
  response.locals.cspNonce = nonce;
  response.locals.requestId = request.get("x-request-id") ?? randomUUID();
  const https = request.secure;
  response.set({
    "Content-Security-Policy": isProduction ? contentSecurityPolicy(nonce) : "",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), interest-cohort=()",
    "X-Request-Id": response.locals.requestId,
    ...(https ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  });
  if (!isProduction) response.removeHeader("Content-Security-Policy");
  const started = process.hrtime.bigint();
  response.on("finish", () => {
    const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
    if (response.statusCode >= 500 || env.LOG_LEVEL === "debug") {
      console.log(
        JSON.stringify({
          level: response.statusCode >= 500 ? "error" : "info",
          requestId: response.locals.requestId,
          method: request.method,
          path: request.originalUrl,
          status: response.statusCode,
          durationMs: Math.round(durationMs * 10) / 10,
        }),
      );
    }
  });
  next();
});

app.get("/healthz", (_request, response) => {
  response.set("Cache-Control", "no-store").json({ status: "ok" });
});

app.use(refuseCrossSiteWrites);

if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", index: false }));
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
}
app.use(express.static("public", { maxAge: "1h", index: false }));

app.all(
  "*",
  createRequestHandler({
    build: viteDevServer ? loadBuild : initialBuild,
    mode: isProduction ? "production" : "development",
    getLoadContext: (request, response) => ({
      cspNonce: response.locals.cspNonce as string,
      clientIp: request.ip ?? request.socket.remoteAddress ?? "unknown",
      requestId: response.locals.requestId as string,
    }),
  }),
);

app.use((error: unknown, request: Request, response: Response, _next: NextFunction) => {
  console.error(JSON.stringify({ level: "error", requestId: response.locals.requestId, method: request.method, path: request.originalUrl }), error);
  if (response.headersSent) return;
  response.status(500).json({ message: "Something went wrong on our side. Please try again." });
});

const server = app.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  console.log(`${env.COMMUNITY_NAME} is running at http://localhost:${port}`);
});

function shutdown(signal: string) {
  console.log(`${signal} received: finishing in-flight requests, then closing the database.`);
  server.close(() => {
    appServer.stop();
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));

function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** CSRF defence (app/utils/csrf.ts) for every non-GET request. */
function refuseCrossSiteWrites(request: Request, response: Response, next: NextFunction) {
  const check = checkCrossSiteRequest({
    method: request.method,
    path: request.path,
    host: app.get("trust proxy") && request.get("x-forwarded-host") ? request.get("x-forwarded-host") : request.get("host"),
    origin: request.get("origin"),
    fetchSite: request.get("sec-fetch-site"),
    contentType: request.get("content-type"),
  });
  if (check.ok) return next();
  const wantsJson = request.path.startsWith("/api/") || request.accepts(["html", "json"]) === "json";
  if (wantsJson) return response.status(check.status).json({ message: check.message });
  response.status(check.status).type("text/plain").send(check.message);
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "true") return true;
  if (value === "false" || value === "") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
