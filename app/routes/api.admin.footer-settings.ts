import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { getFooterSettings, updateFooterSettings } from "~/features/settings/index.server";
import { requireApiPermission } from "~/features/auth/index.server";
import { handleApi, methodNotAllowed, readJsonBody } from "~/utils/http.server";

/** GET /api/admin/footer-settings: the footer settings, readable by everyone (docs/admin.md): `copyrightText` as shown, `copyrightTemplate` as stored; defaults when none are stored. */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApi(request, async () => Response.json(await getFooterSettings(), { headers: { "Cache-Control": "no-store" } }));
}

/** PUT /api/admin/footer-settings { companyName?, tagline?, copyrightTemplate? (or copyrightText?), description?, showSocialLinks?, showSupportLinks?, isActive? }. */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "PUT") throw methodNotAllowed(["GET", "PUT"]);
    const admin = await requireApiPermission(request, "settings:manage");
    const body = await readJsonBody(request);
    return Response.json(await updateFooterSettings({ actor: { id: admin.id, email: admin.email }, input: body }));
  });
}
