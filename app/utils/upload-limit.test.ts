import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatBytes, pictureHint, pictureTooLargeMessage } from "./upload-limit";

const DEFAULT_UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

describe("the picture size limit, said one way", () => {
  it("formats sizes as members read them", () => {
    expect([formatBytes(DEFAULT_UPLOAD_MAX_BYTES), formatBytes(1536 * 1024), formatBytes(256 * 1024), formatBytes(900)]).toEqual(["5 MB", "1.5 MB", "256 KB", "900 bytes"]);
  });
  it("says the same limit in the hint and the message", () => {
    expect(pictureHint(DEFAULT_UPLOAD_MAX_BYTES)).toBe("JPEG, PNG, WebP or GIF, up to 5 MB");
    expect(pictureTooLargeMessage(DEFAULT_UPLOAD_MAX_BYTES)).toBe("This picture is too large: at most 5 MB is accepted.");
  });
  it("is the limit docs/uploads.md and docs/operations.md say", () => {
    const limit = formatBytes(DEFAULT_UPLOAD_MAX_BYTES);
    const read = (file: string) => readFileSync(file, "utf8").replace(/\s+/g, " "); // lines wrap anywhere
    expect(read("docs/uploads.md")).toContain(`| \`UPLOAD_MAX_BYTES\` | ${limit} |`);
    expect(read("docs/uploads.md")).toContain(pictureTooLargeMessage(DEFAULT_UPLOAD_MAX_BYTES));
    expect(read("docs/uploads.md")).toContain(pictureHint(DEFAULT_UPLOAD_MAX_BYTES));
    expect(read("docs/operations.md")).toContain(`\`UPLOAD_MAX_BYTES\` (${limit})`);
  });
});
