import { Form, Link, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/features/discussions/components/fields";

export type PictureToRemove = { url: string; alt: string; hash?: string };

/**
 * A moderator's confirmation before a picture is removed (docs/uploads.md, "Moderators"): each
 * picture with its own 'Remove Picture' form (intent `remove-picture` with its `hash`, or the
 * given `intent`), and Cancel. Plain forms: the same with JavaScript off. Opened by a link that
 * sets `?removePicture=…`, like the delete confirmations of the post page.
 */
export function RemovePictures({
  id,
  pictures,
  action,
  cancelTo,
  intent = "remove-picture",
  replyId,
  title = pictures.length > 1 ? "Remove a picture?" : "Remove this picture?",
}: {
  id: string;
  pictures: PictureToRemove[];
  action: string;
  cancelTo: string;
  intent?: string;
  replyId?: number;
  title?: string;
}) {
  const navigation = useNavigation();
  const pendingHash = navigation.state === "submitting" && navigation.formData?.get("intent") === intent ? String(navigation.formData.get("hash") ?? "") : null;
  return (
    <div role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-message`} className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4" id={id}>
      <h3 id={`${id}-title`} className="font-semibold text-red-900">
        {title}
      </h3>
      <p id={`${id}-message`} className="mt-1 text-sm text-red-800">
        The picture is deleted everywhere it is shown and a placeholder takes its place; the text stays. This cannot be undone.
      </p>
      <ul className="mt-3 space-y-3">
        {pictures.map((picture) => (
          <li key={picture.url} className="flex flex-wrap items-center gap-3">
            <img src={picture.url} alt={picture.alt} width={96} height={96} loading="lazy" decoding="async" className="h-24 w-24 rounded-md border border-red-200 bg-white object-contain" />
            <Form method="post" action={action} preventScrollReset>
              <input type="hidden" name="intent" value={intent} />
              {picture.hash ? <input type="hidden" name="hash" value={picture.hash} /> : null}
              {replyId ? <input type="hidden" name="replyId" value={replyId} /> : null}
              <button
                type="submit"
                disabled={pendingHash !== null && pendingHash === (picture.hash ?? "")}
                className={buttonClass("danger")}
                aria-label={pictures.length > 1 && picture.alt ? `Remove Picture: ${picture.alt}` : undefined}
              >
                {pendingHash !== null && pendingHash === (picture.hash ?? "") ? "Removing..." : "Remove Picture"}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <Link to={cancelTo} preventScrollReset className={`${buttonClass("secondary")} mt-3`}>
        Cancel
      </Link>
    </div>
  );
}
