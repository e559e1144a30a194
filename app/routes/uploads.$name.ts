import type { LoaderFunctionArgs } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { getUploadStorage } from "~/features/uploads/index.server";
import { logServerError } from "~/utils/errors.server";
import { isUploadFileName } from "~/utils/upload-urls";

const notFound = () => new Response("Picture not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

/**
 * GET /uploads/{name}: a stored picture (docs/uploads.md), from the local disk or the bucket alike
 * (docs/decisions/0108-pictures-in-an-object-store.md: pictures are always served through Quads).
 * Names are content hashes, so a file never changes: cached for a year, the name is its ETag (a
 * revalidation is a 304 once the store says the file is still there), always WebP (server.ts adds
 * `X-Content-Type-Options: nosniff` to every response, so a browser never sniffs it as anything else).
 */
export async function loader({ params, request }: LoaderFunctionArgs) {
  const name = String(params.name ?? "");
  if (!isUploadFileName(name)) return notFound();
  const headers = {
    "Cache-Control": "public, max-age=31536000, immutable",
    "Cross-Origin-Resource-Policy": "same-origin",
    ETag: `"${name.slice(0, -".webp".length)}"`,
  };
  const storage = getUploadStorage();
  try {
    if (isRevalidationOf(request, headers.ETag)) {
      return (await storage.head(name)) ? new Response(null, { status: 304, headers }) : notFound();
    }
    const file = await storage.get(name);
    if (!file) return notFound();
    return new Response(createReadableStreamFromReadable(file.body), {
      headers: { ...headers, "Content-Type": "image/webp", "Content-Length": String(file.size) },
    });
  } catch (error) {
    // The store did not answer (a bucket out of reach): this picture now, not the page around it.
    logServerError(error, request);
    return new Response("The picture cannot be loaded right now.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "10" },
    });
  }
}

function isRevalidationOf(request: Request, etag: string): boolean {
  const wanted = request.headers.get("If-None-Match");
  if (!wanted) return false;
  return wanted.trim() === "*" || wanted.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
