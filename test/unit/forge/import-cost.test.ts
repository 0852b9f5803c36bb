import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Importing an entry builds nothing a call does not need: no jose (loaded on the first JWT signing or key
// import, src/core/load-once.ts), and no forge or admin schema until a call reads it. Each entry is imported
// in a fresh Node process whose module hooks record the packages loaded and every valibot call with its stack.
const script = fileURLToPath(new URL("./fixtures/import-cost.ts", import.meta.url));
const hooks = fileURLToPath(new URL("./fixtures/import-cost-register.mjs", import.meta.url));
const source = (path: string) => fileURLToPath(new URL(`../../../src/${path}`, import.meta.url));

interface Summary {
  packages: string[];
  builds: number;
  forgeBuilds: number;
  adminBuilds: number;
}

function importCost(entry: string, then?: "parse"): { atImport: Summary; afterParse?: Summary } {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", "--import", hooks, script, entry, ...(then ? [then] : [])],
    {
      encoding: "utf8",
      timeout: 25_000,
    },
  );
  expect(result.stderr).toBe("");
  return JSON.parse(result.stdout);
}

const ENTRIES = { agentline: "index.ts", "agentline/forge": "forge/index.ts", "agentline/admin": "admin/index.ts" };

describe("import cost of the root, forge and admin entries", () => {
  it.each(Object.entries(ENTRIES))(
    "%s loads no jose and builds no forge or admin schema",
    (_, path) => {
      const { atImport } = importCost(source(path));
      // The recorder works: valibot itself is loaded by every entry.
      expect(atImport.packages).toContain("valibot");
      expect(atImport.packages).not.toContain("jose");
      expect({ forge: atImport.forgeBuilds, admin: atImport.adminBuilds }).toEqual({ forge: 0, admin: 0 });
    },
    30_000,
  );

  it("counts the builds a call needs: parsing one pull request builds its schemas then", () => {
    const { atImport, afterParse } = importCost(source("forge/index.ts"), "parse");
    expect(atImport.forgeBuilds).toBe(0);
    expect(afterParse?.forgeBuilds).toBeGreaterThan(0);
  }, 30_000);
});
