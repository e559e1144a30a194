import type { LoaderFunctionArgs } from "react-router";
import { buildDiscussionsFeed, feedHeaders } from "~/features/feeds/index.server";
import { getEnv } from "~/utils/env.server";

const notFound = () => new Response("Feed not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

/** GET /feeds/<token>/categories/<id>.xml: the member's private Atom feed of one category; 404 for an unknown token or category. */
export async function loader({ params }: LoaderFunctionArgs) {
  const match = /^([1-9][0-9]{0,9})\.xml$/.exec(params.file ?? "");
  if (!match) return notFound();
  const xml = await buildDiscussionsFeed({ token: params.token ?? "", origin: getEnv().PUBLIC_URL, categoryId: Number(match[1]) });
  if (xml === null) return notFound();
  return new Response(xml, { headers: feedHeaders });
}
