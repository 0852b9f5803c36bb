import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./fixtures/abort-after-gc.ts", import.meta.url));

describe("RunStream over Node's fetch after a garbage collection", () => {
  it("stops and closes the connection when the caller aborts or calls abort()", () => {
    const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", script], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.stderr).toBe("");
    expect(result.stdout.trim().split("\n")).toEqual([
      "signal: error AbortError, connection closed: true",
      "abort: done, connection closed: true",
    ]);
  }, 40_000);
});
