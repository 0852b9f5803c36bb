#!/usr/bin/env node
// Finds the Deno and Bun binaries that `npm test` runs the shared suite on. Both come from npm dev dependencies
// (`deno`, `bun`) whose binaries sit in optional platform packages (@deno/*, @oven/bun-*): nothing is downloaded.
// The wrappers' install scripts only copy or move those binaries, and npm may skip install scripts (npm 11's
// allowScripts), so the platform packages are looked at first and the install scripts' copies after.
//
//   node scripts/locate-runtime.mjs deno     prints the path of the binary, or how to get one (exit code 1)
//   import { DENO, BUN, locateRuntime } from "./locate-runtime.mjs"
//
// Plain Node, no dependencies.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * An npm-installed runtime: the platform packages holding its binary, per `${process.platform}-${process.arch}`
 * (first that runs wins), and where its install script puts the binary when npm ran it.
 * @typedef {object} RuntimeBinary
 * @property {string} name
 * @property {string} npmPackage
 * @property {string} override  the environment variable that names another binary
 * @property {Record<string, string[]>} binaries  paths under node_modules, per platform
 * @property {string[]} installed  paths under node_modules where the install script copies or moves the binary
 */

/** @type {RuntimeBinary} */
export const DENO = {
  name: "Deno",
  npmPackage: "deno",
  override: "AGENTLINE_DENO",
  binaries: {
    "linux-x64": ["@deno/linux-x64-glibc/deno"],
    "linux-arm64": ["@deno/linux-arm64-glibc/deno"],
    "darwin-x64": ["@deno/darwin-x64/deno"],
    "darwin-arm64": ["@deno/darwin-arm64/deno"],
    "win32-x64": ["@deno/win32-x64/deno.exe"],
    "win32-arm64": ["@deno/win32-arm64/deno.exe"],
  },
  installed: ["deno/deno", "deno/deno.exe"],
};

/** @type {RuntimeBinary} */
export const BUN = {
  name: "Bun",
  npmPackage: "bun",
  override: "AGENTLINE_BUN",
  binaries: {
    "linux-x64": ["@oven/bun-linux-x64/bin/bun", "@oven/bun-linux-x64-musl/bin/bun"],
    "linux-arm64": ["@oven/bun-linux-aarch64/bin/bun", "@oven/bun-linux-aarch64-musl/bin/bun"],
    "darwin-x64": ["@oven/bun-darwin-x64/bin/bun"],
    "darwin-arm64": ["@oven/bun-darwin-aarch64/bin/bun"],
    "win32-x64": ["@oven/bun-windows-x64/bin/bun.exe"],
    "win32-arm64": ["@oven/bun-windows-aarch64/bin/bun.exe"],
  },
  // Bun's install script moves the binary over this placeholder (and out of the platform package).
  installed: ["bun/bin/bun.exe"],
};

/** The first binary of `runtime` that answers `--version`: the override, the platform packages, the installed copy. */
export function locateRuntime(runtime) {
  const override = process.env[runtime.override];
  const relativePaths = [...(runtime.binaries[`${process.platform}-${process.arch}`] ?? []), ...runtime.installed];
  // npm hoists the platform packages next to the wrapper, or nests them under it when versions clash.
  const candidates = override
    ? [override]
    : relativePaths.flatMap((path) => [
        join(root, "node_modules", path),
        join(root, "node_modules", runtime.npmPackage, "node_modules", path),
      ]);
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    const probe = spawnSync(path, ["--version"], { encoding: "utf8", timeout: 20_000 });
    const version = probe.status === 0 ? probe.stdout.trim().split("\n")[0] : undefined;
    if (version) return { path, version };
    if (override) throw new Error(`${runtime.override}=${override} does not run (\`${override} --version\` failed).`);
  }
  if (override) throw new Error(`${runtime.override}=${override}: no such file.`);
  const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
  const version = manifest.devDependencies?.[runtime.npmPackage] ?? "";
  // "@scope/name/bin/file" -> "@scope/name"
  const platformPackages = (runtime.binaries[`${process.platform}-${process.arch}`] ?? []).map((path) =>
    path.split("/").slice(0, 2).join("/"),
  );
  throw new Error(
    `${runtime.name} ${version} was not found in node_modules for ${process.platform}-${process.arch}. ` +
      `It comes from the \`${runtime.npmPackage}\` dev dependency, whose binary is in an optional platform package ` +
      `(${platformPackages.join(" or ") || `none for ${process.platform}-${process.arch}`}): reinstall the ` +
      "dependencies without omitting optional ones (`rm -rf node_modules && npm test` installs them), " +
      `or set ${runtime.override}=/path/to/${runtime.npmPackage}.`,
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const runtime = { deno: DENO, bun: BUN }[process.argv[2] ?? ""];
  if (!runtime) {
    console.error("usage: node scripts/locate-runtime.mjs deno|bun");
    process.exit(2);
  }
  try {
    console.log(locateRuntime(runtime).path);
  } catch (error) {
    console.error(`agentline: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
