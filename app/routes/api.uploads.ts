import type { ActionFunctionArgs } from "react-router";
import { createUpload, readUploadedFile, toUploadView } from "~/features/uploads/index.server";
import { requireApiUser } from "~/features/auth/index.server";
import { badRequest } from "~/utils/errors.server";
import { handleApi, methodNotAllowed, methodNotAllowedResponse, readFormData } from "~/utils/http.server";

/**
 * POST /api/uploads (multipart, field `file`; `kind=avatar` for an avatar): stores a picture
 * and answers 201 `{ id, url, width, height }` (docs/uploads.md).
 */
export function action({ request }: ActionFunctionArgs) {
  return handleApi(request, async () => {
    if (request.method !== "POST") throw methodNotAllowed(["POST"]);
    const user = await requireApiUser(request);
    if (!/^\s*multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) {
      throw badRequest("Send the picture as multipart/form-data in a field named file.");
    }
    const form = await readFormData(request);
    const file = await readUploadedFile(form.get("file"));
    if (!file) throw badRequest("Pick a picture to upload (field file).", { file: ["Pick a picture to upload."] });
    const kind = form.get("kind") === "avatar" ? "avatar" : "image";
    const upload = await createUpload({ ownerId: user.id, bytes: file.bytes, kind });
    return Response.json(toUploadView(upload), { status: 201 });
  });
}

export function loader() {
  return methodNotAllowedResponse(["POST"]);
}
