// What users get: the packed tarball (`npm pack` of the built package) installed into a throwaway consumer project.
// Benches and package checks measure this, never `src/` or `dist/` in place.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repositoryRoot = fileURLToPath(new URL("../..", import.meta.url));

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** Builds dist/ with tsdown, as `npm run build` does (without the dependency check). */
export function buildDist() {
  execFileSync(join(repositoryRoot, "node_modules", ".bin", process.platform === "win32" ? "tsdown.cmd" : "tsdown"), {
    cwd: repositoryRoot,
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/**
 * Packs the repository (dist/ must be built) and installs the tarball with `--engine-strict` into a fresh project
 * under the system temp directory. Returns the consumer's directory and the tarball's path.
 * `link` names packages of the repository's own node_modules (e.g. the benchmarks' anchors) to make importable in
 * the consumer too: symlinked, not installed, so that no registry is asked and their pinned versions are the ones used.
 * @param {{ engineStrict?: boolean, quiet?: boolean, link?: readonly string[] }} [options]
 */
export function packedConsumer(options = {}) {
  const { engineStrict = true, quiet = true, link = [] } = options;
  const dir = mkdtempSync(join(tmpdir(), "agentline-consumer-"));
  const packDir = join(dir, "pack");
  mkdirSync(packDir);
  const packed = JSON.parse(
    execFileSync(npm, ["pack", "--json", "--pack-destination", packDir], {
      cwd: repositoryRoot,
      encoding: "utf8",
      stdio: ["ignore", "pipe", quiet ? "ignore" : "inherit"],
    }),
  );
  const tarball = join(packDir, packed[0].filename);
  const project = join(dir, "app");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "agentline-consumer", version: "0.0.0", private: true, type: "module" }, null, 2)}\n`,
  );
  const args = ["install", "--no-audit", "--no-fund", "--prefer-offline", "--ignore-scripts", tarball];
  if (engineStrict) args.splice(1, 0, "--engine-strict");
  execFileSync(npm, args, { cwd: project, stdio: ["ignore", quiet ? "ignore" : "inherit", "inherit"] });
  for (const name of link) {
    const target = join(project, "node_modules", name);
    mkdirSync(dirname(target), { recursive: true });
    // The real path: its own dependencies then resolve from the repository's node_modules, where npm put them.
    symlinkSync(realpathSync(join(repositoryRoot, "node_modules", name)), target, "dir");
  }
  const installed = JSON.parse(readFileSync(join(project, "node_modules/agentline/package.json"), "utf8"));
  return { project, tarball, version: installed.version, files: packed[0].files.map((f) => f.path) };
}
