import { Form, useNavigation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { buttonClass } from "~/components/ui/button";

/**
 * The confirmation of a destructive action, in place. With `pictures` (a moderator's 'Remove
 * picture', docs/uploads.md), each picture is shown with its own button (its `hash` is sent).
 */
export function ConfirmDelete({
  id,
  title,
  message,
  action,
  intent,
  replyId,
  pictures,
  confirmLabel,
  cancelTo,
}: {
  id: string;
  title: string;
  message: string;
  action: string;
  intent: string;
  replyId?: number;
  pictures?: { hash: string; url: string; alt: string }[];
  confirmLabel: string;
  cancelTo: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === intent ? navigation.formData : null;
  const cancel = (
    <AppLink to={cancelTo} preventScrollReset className={buttonClass("secondary")}>
      Cancel
    </AppLink>
  );
  const form = (picture?: { hash: string; url: string; alt: string }) => (
    <Form method="post" action={action} preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value={intent} />
      {replyId ? <input type="hidden" name="replyId" value={replyId} /> : null}
      {picture ? (
        <>
          <img src={picture.url} alt={picture.alt} width={96} height={96} className="h-24 w-24 rounded-md border border-red-200 bg-white object-contain" />
          <input type="hidden" name="hash" value={picture.hash} />
        </>
      ) : null}
      <button
        type="submit"
        disabled={Boolean(pending && pending.get("hash") === (picture?.hash ?? null))}
        className={buttonClass("danger")}
        aria-label={picture && pictures && pictures.length > 1 ? `${confirmLabel}: ${picture.alt}` : undefined}
      >
        {pending && pending.get("hash") === (picture?.hash ?? null) ? (picture ? "Removing..." : "Deleting...") : confirmLabel}
      </button>
      {picture ? null : cancel}
    </Form>
  );
  return (
    <div role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`} className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4">
      <h3 id={`${id}-title`} className="font-semibold text-red-900">
        {title}
      </h3>
      <p id={`${id}-message`} className="mt-1 text-sm text-red-800">
        {message}
      </p>
      {pictures ? (
        <div className="mt-3 space-y-3">
          {pictures.map((picture) => (
            <div key={picture.hash}>{form(picture)}</div>
          ))}
          {cancel}
        </div>
      ) : (
        <div className="mt-3">{form()}</div>
      )}
    </div>
  );
}
