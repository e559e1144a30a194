/**
 * Reading a multipart form as it arrives (docs/decisions/0085-oversized-pictures.md): a picked
 * file larger than `maxFileBytes` is read and thrown away, and stands in the form as an
 * `OversizedFile` (its name, no bytes), so the page can answer with the form, the member's text
 * kept and the message beside the file field, instead of refusing the whole request. Text fields
 * together may take `maxTextBytes`; more is a 413.
 */
import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";

/** A picked file the form reader did not keep: larger than the limit. */
export class OversizedFile extends File {
  /** The bytes that arrived (all thrown away). */
  readonly receivedBytes: number;

  constructor(name: string, receivedBytes: number) {
    super([], name);
    this.receivedBytes = receivedBytes;
  }
}

export class FormTextTooLargeError extends Error {}

/** The form of a multipart request, files over `maxFileBytes` replaced by an `OversizedFile`. */
export async function readMultipartForm(request: Request, { maxFileBytes, maxTextBytes }: { maxFileBytes: number; maxTextBytes: number }): Promise<FormData> {
  let textBytes = 0;
  return unstable_parseMultipartFormData(request, async ({ filename, contentType, data }: UploadHandlerPart) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    if (typeof filename === "string") {
      for await (const chunk of data) {
        size += chunk.byteLength;
        if (size <= maxFileBytes) chunks.push(chunk);
        else chunks.length = 0;
      }
      return size > maxFileBytes ? new OversizedFile(filename, size) : new File(chunks as BlobPart[], filename, { type: contentType });
    }
    for await (const chunk of data) {
      textBytes += chunk.byteLength;
      if (textBytes > maxTextBytes) throw new FormTextTooLargeError();
      chunks.push(chunk);
    }
    return Buffer.concat(chunks).toString("utf8");
  });
}
