import type { LoaderFunctionArgs } from "react-router";
import { buildDiscussionsFeed, feedHeaders } from "~/features/feeds/index.server";
import { getEnv } from "~/utils/env.server";

/** GET /feeds/<token>/discussions.xml: the member's private Atom feed of the latest discussions; 404 for an unknown token. */
export async function loader({ params }: LoaderFunctionArgs) {
  const xml = await buildDiscussionsFeed({ token: params.token ?? "", origin: getEnv().PUBLIC_URL });
  if (xml === null) return new Response("Feed not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(xml, { headers: feedHeaders });
}
