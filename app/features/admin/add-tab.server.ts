/** The loader and action of an Add tab (app/features/admin/components/add-tab.tsx): Add Artists, Add Resources. */
import type { FormResult } from "~/components/ui/use-server-form";
import type { ActorRef } from "~/utils/actor";
import { requirePagePermission } from "~/features/auth/index.server";
import { readFormData } from "~/utils/http.server";
import { answerFormOutcome } from "~/utils/page-action.server";
import type { Permission } from "~/utils/permissions";

type FormOutcome = { ok: true } | { ok: false; status: number; result: FormResult };

/** A new key after every save, so the form starts empty again. */
export async function loadAddTab(request: Request, permission: Permission) {
  await requirePagePermission(request, permission);
  return { formKey: Date.now() };
}

/** Creates the item from the submitted form; back to the tab with the `success` toast, or the form kept with the `failure` toast. */
export async function submitAddTab(
  request: Request,
  {
    permission,
    path,
    create,
    success,
    failure,
  }: {
    permission: Permission;
    path: string;
    create: (args: { formData: FormData; actor: ActorRef }) => FormOutcome | Promise<FormOutcome>;
    success: string;
    failure: string;
  },
) {
  const actor = await requirePagePermission(request, permission);
  return answerFormOutcome(await create({ formData: await readFormData(request), actor }), { redirectTo: path, success, failure, intent: "create" });
}
