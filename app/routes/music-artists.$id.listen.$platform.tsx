import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseId, recordPlay } from "~/features/artists/artists.server";
import { isAppError } from "~/utils/errors.server";

/** GET /music-artists/:id/listen/:platform (spotify | youtube | apple): counts a play, then 302 to the stored link. */
export async function loader({ params }: LoaderFunctionArgs) {
  try {
    const link = recordPlay({ artistId: parseId(params.id), platform: params.platform ?? "" });
    return redirect(link, 302);
  } catch (error) {
    if (isAppError(error)) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
