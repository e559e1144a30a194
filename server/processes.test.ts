import { describe, expect, it } from "vitest";
import { httpWorkerExecArgv } from "./processes";

describe("httpWorkerExecArgv", () => {
  it("gives the HTTP workers a 4 MB semi-space after the primary's own flags", () => {
    expect(httpWorkerExecArgv(["--enable-source-maps"], "")).toEqual(["--enable-source-maps", "--max-semi-space-size=4"]);
  });

  it("leaves the operator's own semi-space size alone, however it is written", () => {
    expect(httpWorkerExecArgv(["--max-semi-space-size=16"], "")).toEqual(["--max-semi-space-size=16"]);
    expect(httpWorkerExecArgv(["--max_semi_space_size", "16"], "")).toEqual(["--max_semi_space_size", "16"]);
    expect(httpWorkerExecArgv([], "--max-old-space-size=512 --max-semi-space-size=32")).toEqual([]);
  });
});
