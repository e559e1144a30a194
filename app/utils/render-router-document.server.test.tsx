// @vitest-environment node
/**
 * `renderRouterDocument` against React Router's own way of rendering a document, side by side: a real
 * `<ServerRouter>` for a small app served by the installed React Router's request handler, rendered
 * through the streaming renderer (`renderDocument`, what the payload's suspension needs) and with the
 * payload read ahead (`renderToString`). The bytes must be the same, and the fast way must be the one
 * taken: this test fails when a React Router version stops reading `renderMeta.streamCache`
 * (docs/decisions/0123-router-document-rendered-with-its-payload-ahead.md).
 */
import { createRequestHandler, Links, Meta, Outlet, Scripts, ServerRouter, useLoaderData, type EntryContext, type ServerBuild } from "react-router";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { renderDocument, renderRouterDocument, type StreamedReason } from "./render-document.server";

type Way = "streamed" | "ahead";

const data = {
  title: "Prompts </script><script>alert(1)</script> & “quotes”",
  lines: Array.from({ length: 400 }, (_, index) => ({ id: index, text: `line ${index} \u2028 é ✓ 𝄞 <b>` })),
  when: new Date("2026-11-27T09:00:00Z"),
};

function Root() {
  const { title } = useLoaderData<typeof data>();
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <h1>{title}</h1>
        <Outlet />
        <Scripts nonce="n0nce" />
      </body>
    </html>
  );
}

/** Suspends on the first render for each `key` (what a component that loads something on the server would do). */
const waits = new Map<string, { promise: Promise<void>; done: boolean }>();
function Waited({ name }: { name: string }) {
  let wait = waits.get(name);
  if (!wait) {
    const entry = { done: false, promise: new Promise<void>((resolve) => setTimeout(resolve, 5)).then(() => void (entry.done = true)) };
    waits.set(name, (wait = entry));
  }
  if (!wait.done) throw wait.promise;
  return <p>waited for {name}</p>;
}

function Post() {
  const { lines, when, wait } = useLoaderData<typeof data & { wait: string | null }>();
  return (
    <>
      <ul data-when={when.toISOString()}>
        {lines.map((line) => (
          <li key={line.id}>{line.text}</li>
        ))}
      </ul>
      {wait ? (
        <Suspense fallback={null}>
          <Waited name={wait} />
        </Suspense>
      ) : null}
    </>
  );
}

/** Equal texts; when they differ, the place where they do (a 45 KB diff helps nobody). */
function expectSameText(actual: string, expected: string) {
  if (actual === expected) return;
  let at = 0;
  while (actual[at] === expected[at]) at += 1;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 80), at + 120));
  expect.fail(`the documents differ at character ${at} (lengths ${expected.length} and ${actual.length}): expected ${around(expected)}, got ${around(actual)}`);
}

const manifestRoute = { hasAction: false, hasClientAction: false, hasClientLoader: false, hasClientMiddleware: false, hasErrorBoundary: false, imports: [], css: [] };

/** A two-route app whose document entry renders the way the test asks for. */
function appRenderedBy(way: () => Way, streamed: StreamedReason[]) {
  const options = { nonce: "n0nce", timeoutMs: 5_000, onError: (error: unknown) => { throw error; } };
  const element = (context: EntryContext, url: string) => <ServerRouter context={context} url={url} nonce="n0nce" />;
  const build = {
    entry: {
      module: {
        async default(request: Request, status: number, headers: Headers, context: EntryContext) {
          const html =
            way() === "streamed"
              ? await renderDocument(element(context, request.url), options)
              : (await renderRouterDocument(context, (current) => element(current, request.url), { ...options, onStreamed: (reason) => streamed.push(reason) })).join("");
          return new Response(html, { status, headers });
        },
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: Root, loader: () => ({ title: data.title }) } },
      "routes/post": { id: "routes/post", parentId: "root", path: "post/:id", module: { default: Post, loader: ({ request }: { request: Request }) => ({ lines: data.lines, when: data.when, wait: new URL(request.url).searchParams.get("wait") }) } },
    },
    assets: {
      entry: { module: "/assets/entry.js", imports: [] },
      routes: {
        root: { id: "root", path: "", module: "/assets/root.js", hasLoader: true, ...manifestRoute },
        "routes/post": { id: "routes/post", parentId: "root", path: "post/:id", module: "/assets/post.js", hasLoader: true, ...manifestRoute },
      },
      url: "/assets/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production");
}

describe("renderRouterDocument", () => {
  it("writes the bytes of React Router's streamed document, without streaming", async () => {
    let way: Way = "streamed";
    const streamed: StreamedReason[] = [];
    const handle = appRenderedBy(() => way, streamed);
    for (const path of ["/", "/post/7"]) {
      way = "streamed";
      const before = await (await handle(new Request(`http://quads.test${path}`))).text();
      way = "ahead";
      const after = await (await handle(new Request(`http://quads.test${path}`))).text();
      expectSameText(after, before);
      // The hydration payload is in the document, and ends it.
      expect(after).toContain("window.__reactRouterContext.streamController.enqueue(");
      expect(after).toContain("window.__reactRouterContext.streamController.close();");
      expect(after).not.toContain("<script>alert(1)</script>");
    }
    expect(streamed).toEqual([]);
  });

  it("falls back to the streaming renderer, with the same payload, when something suspends in the string render", async () => {
    const streamed: StreamedReason[] = [];
    let way: Way = "streamed";
    const handle = appRenderedBy(() => way, streamed);
    const expected = await (await handle(new Request("http://quads.test/post/7?wait=first"))).text();
    expect(expected).toContain("first</p>");
    way = "ahead";
    const html = await (await handle(new Request("http://quads.test/post/7?wait=other"))).text();
    expectSameText(html.replaceAll("other", "first"), expected);
    expect(streamed).toEqual(["a boundary suspended or failed in the string render"]);
  });
});
