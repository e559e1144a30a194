import { requestInfoOf } from "~/utils/request-context";
import type { LoaderFunctionArgs } from "react-router";
import { redirect } from "react-router";
import { listenerKey, recordPlay } from "~/features/artists/index.server";
import { getOptionalUser } from "~/features/auth/index.server";
import { handlePage, readIdParam } from "~/utils/http.server";

/**
 * GET /music-artists/:id/listen/:platform (spotify | youtube | apple): 302 to the stored link,
 * counting a play once per member or visitor per artist per day.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return handlePage(async () => {
    const user = await getOptionalUser(request);
    const listener = listenerKey({ userId: user?.id ?? null, clientIp: requestInfoOf(context).clientIp });
    const link = await recordPlay({ artistId: readIdParam(params.id, "Artist"), platform: params.platform ?? "", listener });
    return redirect(link, 302);
  });
}
