#!/usr/bin/env node
// Installs the dev dependencies when they are missing or stale, so `npm test` and `npm run demo` work on a fresh
// clone. It runs before node_modules exists: plain Node, no dependencies. Silent when there is nothing to do.
//
// node_modules is (re)installed when
//   - it does not exist,
//   - our marker (node_modules/.agentline-deps) records another hash of package.json + package-lock.json,
//   - there is no marker and npm's own record (node_modules/.package-lock.json) is older than package-lock.json,
//   - a direct dependency is missing or at another version than the lock says.
// Install: `npm ci`, falling back to `npm install` when ci refuses the lock (or there is none; never under CI=true), with
// PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1: the browser tests drive a system Chromium (ensure-chromium.mjs), never a
// downloaded one.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const nodeModules = join(root, "node_modules");
const lockPath = join(root, "package-lock.json");
const manifestPath = join(root, "package.json");
const markerPath = join(nodeModules, ".agentline-deps");
const npmRecordPath = join(nodeModules, ".package-lock.json");
// Git checkouts and copies may leave a lock a little newer than an install that matches it.
const MTIME_SLACK_MS = 2000;

function fail(message) {
  console.error(`agentline: ${message}`);
  process.exit(1);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

function mtimeMs(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

function depsHash(hasLock) {
  const hash = createHash("sha256");
  hash.update(readFileSync(manifestPath));
  if (hasLock) hash.update(readFileSync(lockPath));
  return hash.digest("hex");
}

/** The first direct dependency that is missing or at a version other than the lock's, if any. */
function findStaleDirectDependency(lock, manifest) {
  const packages = lock?.packages ?? {};
  const names = Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
  for (const name of names) {
    const locked = packages[`node_modules/${name}`];
    if (!locked || locked.optional || locked.peer || locked.link) continue;
    const installed = readJson(join(nodeModules, name, "package.json"));
    if (!installed) return `${name} is not installed`;
    if (locked.version && installed.version !== locked.version) {
      return `${name} is ${installed.version}, the lock says ${locked.version}`;
    }
  }
  return undefined;
}

/** Why node_modules must be (re)installed, or undefined when it is up to date. */
function reasonToInstall(hasLock, hash) {
  if (!existsSync(nodeModules)) return "node_modules is missing";
  const marker = existsSync(markerPath) ? readFileSync(markerPath, "utf8").trim() : undefined;
  if (marker !== undefined && marker !== hash)
    return "package.json or package-lock.json changed since the last install";
  if (marker === undefined && hasLock) {
    const installedAt = mtimeMs(npmRecordPath);
    if (installedAt === undefined) return "node_modules was not installed by npm";
    if ((mtimeMs(lockPath) ?? 0) > installedAt + MTIME_SLACK_MS) return "node_modules is older than package-lock.json";
  }
  const manifest = readJson(manifestPath) ?? fail("package.json is not valid JSON.");
  return hasLock ? findStaleDirectDependency(readJson(lockPath), manifest) : undefined;
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error?.code === "EPERM";
  }
}

/**
 * Serialises installs of one checkout: two `npm test` started together must not both run `npm ci`. The lock is a
 * directory holding the owner's pid; a lock whose owner is gone (killed, crashed) is taken over.
 */
function withInstallLock(action) {
  const lockDir = join(tmpdir(), `agentline-install-${createHash("sha256").update(root).digest("hex").slice(0, 16)}`);
  const ownerFile = join(lockDir, "pid");
  const wait = new Int32Array(new SharedArrayBuffer(4));
  let waited = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      writeFileSync(ownerFile, String(process.pid));
      break;
    } catch (error) {
      if (error?.code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSafe(ownerFile), 10);
      const age = Date.now() - (mtimeMs(lockDir) ?? Date.now());
      // No pid yet means the owner is between mkdir and write; give it a few seconds.
      if ((Number.isInteger(owner) && !isAlive(owner)) || (!Number.isInteger(owner) && age > 10_000)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!waited) console.error("agentline: another install of this checkout is running; waiting for it...");
      waited = true;
      Atomics.wait(wait, 0, 0, 500);
    }
  }
  const release = () => rmSync(lockDir, { recursive: true, force: true });
  process.on("exit", release);
  try {
    return action(waited);
  } finally {
    release();
    process.off("exit", release);
  }
}

function readFileSafe(path) {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

function runNpm(args) {
  const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1" };
  // Inside `npm run`, npm_execpath is the npm that started us: use the same one.
  const npmCli = process.env.npm_execpath;
  const useCli = npmCli?.endsWith(".js") && existsSync(npmCli);
  const command = useCli ? process.execPath : process.platform === "win32" ? "npm.cmd" : "npm";
  const fullArgs = useCli ? [npmCli, ...args] : args;
  console.error(`agentline: $ npm ${args.join(" ")}`);
  // stdout goes to stderr: callers may parse our stdout, and install chatter belongs with diagnostics.
  const result = spawnSync(command, fullArgs, {
    cwd: root,
    env,
    stdio: ["ignore", 2, 2],
    shell: !useCli && process.platform === "win32",
  });
  if (result.error) fail(`could not start npm (${result.error.message}). Is npm on PATH?`);
  return result.status === 0;
}

function main() {
  if (!existsSync(manifestPath)) fail(`no package.json in ${root}.`);
  const hasLock = existsSync(lockPath);
  const hash = depsHash(hasLock);
  const reason = reasonToInstall(hasLock, hash);
  if (!reason) {
    // An install we did not do (e.g. a plain `npm ci`) that matches: adopt it so later checks are one hash compare.
    if (!existsSync(markerPath)) writeFileSync(markerPath, `${hash}\n`);
    return;
  }
  withInstallLock((waited) => {
    // Another process may have installed while we waited for the lock.
    if (waited && !reasonToInstall(hasLock, hash)) return;
    console.error(`agentline: installing dependencies (${reason})...`);
    const started = Date.now();
    install(hasLock);
    const newHash = depsHash(existsSync(lockPath));
    if (hasLock && newHash !== hash) {
      console.error("agentline: warning: the install rewrote package-lock.json; review and commit the change.");
    }
    writeFileSync(markerPath, `${newHash}\n`);
    console.error(`agentline: dependencies installed in ${Math.round((Date.now() - started) / 1000)} s.`);
  });
}

function install(hasLock) {
  const flags = ["--no-audit", "--no-fund"];
  if (!hasLock) {
    if (!runNpm(["install", ...flags])) fail(installFailed("npm install"));
    return;
  }
  if (runNpm(["ci", ...flags])) return;
  // In CI the lock must be complete: a fallback would rewrite it and hide the breakage from the next fresh clone.
  if (process.env.CI) fail("`npm ci` refused package-lock.json: run `npm install` and commit the complete lock.");
  // `npm ci` also refuses a lock that lacks entries for other platforms' optional packages (npm/cli#4828), which
  // npm writes when the registry cannot serve them. `npm install` installs the locked versions all the same.
  console.error(
    "agentline: `npm ci` failed; retrying with `npm install`, which keeps the versions in package-lock.json.",
  );
  if (!runNpm(["install", ...flags])) fail(installFailed("npm ci` and `npm install"));
}

function installFailed(what) {
  return (
    `\`${what}\` failed (see the output above). Check your access to the npm registry, then run the command ` +
    "again; nothing else needs to be installed by hand."
  );
}

main();
