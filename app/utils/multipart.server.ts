/**
 * Reading a multipart form as it arrives (docs/decisions/0085-oversized-pictures.md): a picked
 * file larger than `maxFileBytes` is read and thrown away, and stands in the form as an
 * `OversizedFile` (its name, no bytes), so the page can answer with the form, the member's text
 * kept and the message beside the file field, instead of refusing the whole request. Text fields
 * together may take `maxTextBytes`; more is a 413.
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";

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

/**
 * The form of a multipart request, files over `maxFileBytes` replaced by an `OversizedFile`.
 * Parsed by busboy (the parser multer and fastify use: React Router 7 has no multipart reader of
 * its own); fields keep the order in which they arrived.
 */
export async function readMultipartForm(request: Request, { maxFileBytes, maxTextBytes }: { maxFileBytes: number; maxTextBytes: number }): Promise<FormData> {
  const parser = busboy({ headers: Object.fromEntries(request.headers), defParamCharset: "utf8", limits: { fieldSize: maxTextBytes + 1 } });
  // Each part in order, a file's entry once all of it has arrived.
  const entries: Promise<[string, string | File]>[] = [];
  let textBytes = 0;
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on("field", (name, value, info) => {
      textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (info.valueTruncated || textBytes > maxTextBytes) {
        reject(new FormTextTooLargeError());
        parser.removeAllListeners("field");
        return;
      }
      entries.push(Promise.resolve([name, value]));
    });
    parser.on("file", (name, stream, { filename, mimeType }) => {
      entries.push(
        new Promise((resolveFile, rejectFile) => {
          const chunks: Buffer[] = [];
          let size = 0;
          stream.on("data", (chunk: Buffer) => {
            size += chunk.byteLength;
            if (size <= maxFileBytes) chunks.push(chunk);
            else chunks.length = 0;
          });
          stream.on("error", rejectFile);
          stream.on("end", () =>
            resolveFile([name, size > maxFileBytes ? new OversizedFile(filename ?? "", size) : new File(chunks as BlobPart[], filename ?? "", { type: mimeType })]),
          );
        }),
      );
    });
    parser.on("close", resolve);
    parser.on("error", reject);
  });
  const body = request.body ? Readable.fromWeb(request.body as unknown as NodeReadableStream<Uint8Array>) : Readable.from([]);
  body.on("error", (error) => parser.destroy(error));
  body.pipe(parser);
  await parsed;
  const form = new FormData();
  for (const [name, value] of await Promise.all(entries)) form.append(name, value);
  return form;
}
