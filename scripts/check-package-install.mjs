// The package as users install it: packs dist/ (run `npm run build` first), installs the tarball with
// `--engine-strict` into a fresh project on this Node (CI runs the oldest Node the package claims), checks that
// every runtime dependency's `engines.node` covers the package's own claim, imports each runtime entry point, and
// runs a new user's first steps (scripts/lib/consumer-smoke.mjs) from that project with Node, Bun and Deno.
import { execFileSync } from "node:child_process";
import { copyFileSync, readFileSync } from "node:fs";
import { join } from "node:path";
import semver from "semver";
import ts from "typescript";
import { packedConsumer, repositoryRoot } from "./lib/packed-consumer.mjs";
import { BUN, DENO, locateRuntime } from "./locate-runtime.mjs";

const manifest = JSON.parse(readFileSync(join(repositoryRoot, "package.json"), "utf8"));
const claimed = manifest.engines.node;
const oldest = semver.minVersion(claimed).version;
const failures = [];

if (!semver.satisfies(process.version, claimed)) failures.push(`this Node ${process.version} is outside ${claimed}`);
if (semver.major(process.version) !== semver.major(oldest)) {
  console.warn(
    `note: running on Node ${process.version}; the oldest claimed is ${oldest} (major ${semver.major(oldest)})`,
  );
}

const { project, files } = packedConsumer();
for (const required of ["LICENSE", "README.md", "CHANGELOG.md", "package.json"]) {
  if (!files.includes(required)) failures.push(`the tarball lacks ${required}`);
}

for (const name of Object.keys(manifest.dependencies)) {
  const installed = JSON.parse(readFileSync(join(project, "node_modules", name, "package.json"), "utf8"));
  const range = installed.engines?.node;
  if (range && !semver.subset(claimed, range)) {
    failures.push(`${name}@${installed.version} declares node ${range}, which does not cover the package's ${claimed}`);
  }
}

// The adapters need their framework (an optional peer the consumer has not installed); the rest must import bare.
const runtimeEntries = Object.keys(manifest.exports).filter(
  (key) => key !== "./package.json" && !["./react", "./vue", "./svelte"].includes(key),
);
for (const key of runtimeEntries) {
  const specifier = key === "." ? "agentline" : `agentline/${key.slice(2)}`;
  try {
    execFileSync(process.execPath, ["--input-type=module", "-e", `await import(${JSON.stringify(specifier)})`], {
      cwd: project,
      stdio: ["ignore", "ignore", "pipe"],
    });
  } catch (error) {
    failures.push(`import ${specifier} failed in the consumer: ${String(error.stderr ?? error).trim()}`);
  }
}

// Issue 14's ceilings on the public surface, counted from the installed declarations: every name (type or value) an
// entry exports, re-exports followed.
const PUBLIC_NAME_LIMITS = { agents: 120, admin: 220, forge: 220 };
const publicNames = {};
for (const [entry, limit] of Object.entries(PUBLIC_NAME_LIMITS)) {
  const file = join(project, "node_modules", "agentline", "dist", `${entry}.d.ts`);
  const program = ts.createProgram([file], { skipLibCheck: true, noEmit: true });
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(file));
  publicNames[entry] = module ? checker.getExportsOfModule(module).length : 0;
  if (!module || publicNames[entry] === 0) failures.push(`agentline/${entry}: no exports read from ${file}`);
  else if (publicNames[entry] > limit)
    failures.push(`agentline/${entry} exports ${publicNames[entry]} names (at most ${limit})`);
}

// A new user's first steps, from the installed package only, on each runtime: Deno without any permission.
copyFileSync(join(repositoryRoot, "scripts", "lib", "consumer-smoke.mjs"), join(project, "smoke.mjs"));
const smokes = [
  ["Node", process.execPath, ["smoke.mjs"]],
  ["Bun", locateRuntime(BUN).path, ["smoke.mjs"]],
  ["Deno", locateRuntime(DENO).path, ["run", "--no-prompt", "smoke.mjs"]],
];
const smoked = [];
for (const [name, executable, args] of smokes) {
  try {
    const output = execFileSync(executable, args, {
      cwd: project,
      encoding: "utf8",
      env: { ...process.env, DENO_DIR: join(project, ".deno"), DENO_NO_UPDATE_CHECK: "1" },
      stdio: ["ignore", "pipe", "pipe"],
      timeout: 120_000,
    });
    smoked.push(JSON.parse(output.trim().split("\n").at(-1)).runtime);
  } catch (error) {
    failures.push(
      `${name}: the first steps failed in the consumer: ${String(error.stdout ?? "")}${String(error.stderr ?? error)}`.trim(),
    );
  }
}

if (failures.length > 0) {
  console.error(`package install check failed:\n- ${failures.join("\n- ")}`);
  process.exit(1);
}
console.log(
  `the tarball (${files.length} files) installs with --engine-strict on Node ${process.version} (claimed ${claimed}); ` +
    `${Object.keys(manifest.dependencies).length} runtime dependencies cover it; ${runtimeEntries.length} entries import; ` +
    `a new user's first steps pass on ${smoked.join(", ")}; public names ` +
    Object.entries(publicNames)
      .map(([entry, count]) => `agentline/${entry} ${count} (≤ ${PUBLIC_NAME_LIMITS[entry]})`)
      .join(", "),
);
