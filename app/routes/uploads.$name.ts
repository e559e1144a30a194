import type { LoaderFunctionArgs } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { getUploadStorage } from "~/features/uploads/index.server";

/**
 * GET /uploads/{name}: a stored picture (docs/uploads.md). Names are content hashes, so a file
 * never changes: cached for a year, always WebP (server.ts adds `X-Content-Type-Options: nosniff`
 * to every response, so a browser never sniffs it as anything else).
 */
export function loader({ params }: LoaderFunctionArgs) {
  const stream = getUploadStorage().get(String(params.name ?? ""));
  if (!stream) {
    return new Response("Picture not found.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  }
  return new Response(createReadableStreamFromReadable(stream), {
    headers: {
      "Content-Type": "image/webp",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Cross-Origin-Resource-Policy": "same-origin",
    },
  });
}
