// The demo's page and `npm run examples` bundle the built package (dist/). After a pull or an edit of src/, a dist/
// that merely exists is stale: the page would run yesterday's code. dist/ is rebuilt when an entry is missing or older
// than any file it is built from. Checked on a throwaway tree with set modification times.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { isDistStale } from "../../../scripts/build-examples.mjs";

const ENTRIES = ["index.js", "testing.js", "reactive.js", "relay.js", "react.js", "vue.js", "svelte.js"];
const dirs: string[] = [];

function tree(): { root: string; at: (path: string, seconds: number) => void } {
  const root = mkdtempSync(join(tmpdir(), "agentline-dist-"));
  dirs.push(root);
  const at = (path: string, seconds: number) => {
    const file = join(root, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, "");
    utimesSync(file, seconds, seconds);
  };
  at("package.json", 1_000);
  at("src/core/transport.ts", 1_000);
  at("adapters/react/index.ts", 1_000);
  for (const entry of ENTRIES) at(`dist/${entry}`, 2_000);
  return { root, at };
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("dist/ staleness for the examples", () => {
  it("a dist/ newer than every source is kept", () => {
    expect(isDistStale(tree().root)).toBe(false);
  });
  it("a source edited (or pulled) after the build makes it stale: src/, adapters/, package.json", () => {
    for (const path of ["src/core/transport.ts", "src/agents/new-file.ts", "adapters/react/index.ts", "package.json"]) {
      const { root, at } = tree();
      at(path, 3_000);
      expect(isDistStale(root), path).toBe(true);
    }
  });
  it("a missing entry makes it stale", () => {
    const { root } = tree();
    rmSync(join(root, "dist", "vue.js"));
    expect(isDistStale(root)).toBe(true);
  });
});
