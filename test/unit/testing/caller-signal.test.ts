import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./fixtures/abort-after-gc.ts", import.meta.url));

describe("fake service: the caller's AbortSignal", () => {
  it("still stops a run stream after garbage collection (it listens to the caller's signal itself)", () => {
    const result = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", script], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.stderr).toBe("");
    expect(result.stdout.trim()).toBe("error AbortError");
  }, 40_000);
});
