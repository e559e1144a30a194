/**
 * The loader and action of a ManageList tab (app/features/admin/components/manage-list.tsx):
 * the page of items, the `?edit=ID` / `?delete=ID` steps without JavaScript, and the `update` and
 * `delete` intents (docs/decisions/0076-page-action-pattern.md). The route hands over its
 * feature's functions (async or not: their answers are awaited); the toasts name the item ("Artist deleted successfully").
 */
import type { FormResult } from "~/components/ui/use-server-form";
import type { ActorRef } from "~/utils/actor";
import { requirePagePermission } from "~/features/auth/index.server";
import { readFormData, readPageParam } from "~/utils/http.server";
import { answerFormOutcome, dispatchIntent, formFailure, formResult, handleRefusal } from "~/utils/page-action.server";
import type { Permission } from "~/utils/permissions";
import { errorToast, successToast } from "~/utils/toast";
import { redirectWithToast } from "~/utils/toast.server";

type FormOutcome = { ok: true } | { ok: false; status: number; result: FormResult };

type ListPage<Item> = { items: Item[]; total: number; page: number; pageCount: number };

/** The tab's page of items, and the item a no-JavaScript Edit or Delete step is about (null if none or unknown). */
export async function loadManageList<Item>(
  request: Request,
  url: URL,
  {
    permission,
    list,
    find,
  }: { permission: Permission; list: (page: number) => ListPage<Item> | Promise<ListPage<Item>>; find: (id: number) => Item | Promise<Item> },
) {
  await requirePagePermission(request, permission);
  const searchParams = url.searchParams;
  const findOptional = async (id: string | null): Promise<Item | null> => {
    const numeric = Number(id);
    if (!id || !Number.isSafeInteger(numeric)) return null;
    try {
      return await find(numeric);
    } catch {
      return null;
    }
  };
  const { items, total, page, pageCount } = await list(readPageParam(searchParams));
  return { items, total, page, pageCount, editing: await findOptional(searchParams.get("edit")), deleting: await findOptional(searchParams.get("delete")) };
}

/** The tab's `delete` and `update` intents; the id comes in the hidden field `idName`. */
export async function submitManageList(
  request: Request,
  {
    permission,
    path,
    noun,
    idName,
    remove,
    update,
  }: {
    permission: Permission;
    path: string;
    /** "Artist", "Resource". */
    noun: string;
    idName: string;
    remove: (args: { actor: ActorRef; id: number }) => unknown;
    update: (args: { formData: FormData; actor: ActorRef; id: number }) => FormOutcome | Promise<FormOutcome>;
  },
) {
  const actor = await requirePagePermission(request, permission);
  const formData = await readFormData(request);
  const id = Number(formData.get(idName));
  const slug = noun.toLowerCase();
  return dispatchIntent(formData, {
    delete: () =>
      handleRefusal(
        async () => {
          await remove({ actor, id });
          return redirectWithToast(path, successToast(`${noun} deleted successfully`));
        },
        (error) => formFailure({ intent: "delete", result: formResult({}, { "": [error.message] }), toast: errorToast(`Failed to delete ${slug}`) }, { status: error.status }),
      ),
    update: async () =>
      answerFormOutcome(await update({ formData, actor, id }), {
        redirectTo: path,
        success: `${noun} updated successfully`,
        failure: `Failed to update ${slug}`,
        intent: "update",
        formId: String(id),
      }),
  });
}
