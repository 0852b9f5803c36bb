// What users get, structurally: the package's JavaScript is built as `npm run build` does (tsdown, declarations
// aside) into a temporary package, and then (1) a fresh Node process imports agentline/webhooks from it, (2)
// esbuild bundles a receiver from it, tree-shaking as an app's build does. The sources alone cannot show this:
// the build merges modules into shared chunks, and a chunk that both verification and the schemas use would
// load (and ship) valibot with the first. Structure, not bytes: counts of files that must be zero.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const probe = fileURLToPath(new URL("./fixtures/import-probe.mjs", import.meta.url));
let packageDir = "";

beforeAll(() => {
  packageDir = mkdtempSync(join(tmpdir(), "agentline-build-"));
  const built = spawnSync(join(root, "node_modules/.bin/tsdown"), ["--no-dts", "-d", join(packageDir, "dist")], {
    cwd: root,
    encoding: "utf8",
    timeout: 60_000,
  });
  expect(built.status, built.stderr).toBe(0);
  // The package as installed: its package.json (exports, "sideEffects": false) beside dist/, and its dependencies.
  writeFileSync(join(packageDir, "package.json"), readFileSync(join(root, "package.json")));
  mkdirSync(join(packageDir, "node_modules"));
  for (const dependency of ["valibot", "jose"]) {
    symlinkSync(join(root, "node_modules", dependency), join(packageDir, "node_modules", dependency));
  }
}, 60_000);

afterAll(() => {
  if (packageDir) rmSync(packageDir, { recursive: true, force: true });
});

/** Whether a built file imports valibot or jose statically (a chunk that loads them with itself). */
function importsHeavy(path: string): boolean {
  return /\bfrom\s*"(valibot|jose)"|^import\s*"(valibot|jose)"/m.test(readFileSync(path, "utf8"));
}

/** The files that contribute bytes to a minified browser bundle of these named exports of the built entry. */
async function bundledInputs(names: string): Promise<string[]> {
  const result = await build({
    stdin: { contents: `export { ${names} } from "./dist/webhooks.js";`, resolveDir: packageDir },
    bundle: true,
    format: "esm",
    platform: "browser",
    minify: true,
    write: false,
    metafile: true,
    logLevel: "silent",
    absWorkingDir: packageDir,
  });
  const [output] = Object.values(result.metafile.outputs);
  return Object.entries(output?.inputs ?? {})
    .filter(([, input]) => input.bytesInOutput > 0)
    .map(([path]) => path);
}

describe("agentline/webhooks as built", () => {
  it("imports and verifies in Node loading 0 files that are or import valibot or jose", () => {
    const result = spawnSync(process.execPath, [probe, join(packageDir, "dist/webhooks.js")], {
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.stderr).toBe("");
    const { steps, known, receipt } = JSON.parse(result.stdout) as {
      steps: Record<"import" | "verify" | "parse" | "receipt", string[]>;
      known: boolean;
      receipt: string;
    };
    expect([known, receipt]).toEqual([true, "malformed_token"]);
    const loaded = [...steps.import, ...steps.verify].map((url) => fileURLToPath(url));
    expect(loaded[0]).toBe(join(packageDir, "dist/webhooks.js"));
    expect(loaded.filter((path) => !path.startsWith(join(packageDir, "dist")) || importsHeavy(path))).toEqual([]);
    // They do load once a call needs them.
    expect(steps.parse.some((url) => url.includes("/valibot/"))).toBe(true);
    expect(steps.receipt.some((url) => url.includes("/jose/"))).toBe(true);
  });

  it("bundles verifyWebhook + ForgeKeys with 0 files that are or import valibot or jose", async () => {
    const inputs = await bundledInputs("verifyWebhook, ForgeKeys");
    expect(inputs).toContain("dist/webhooks.js");
    expect(inputs.filter((path) => !path.startsWith("dist/") || importsHeavy(join(packageDir, path)))).toEqual([]);
  });

  it("bundles verifyInstallationReceipt with jose's JWS verification and 0 of its encryption or signing files", async () => {
    const inputs = await bundledInputs("verifyInstallationReceipt, ForgeKeys");
    const jose = inputs.filter((path) => path.includes("node_modules/jose/"));
    expect(jose.some((path) => path.endsWith("/jwt/verify.js"))).toBe(true);
    expect(jose.filter((path) => /\/jwe\/|encrypt|decrypt|sign\.js$|\/jwks\//.test(path))).toEqual([]);
    expect(inputs.filter((path) => path.includes("node_modules/valibot/"))).toEqual([]);
  });
});
