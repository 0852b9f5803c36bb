#!/usr/bin/env node
// Finds the Chromium that the browser test project drives, installing Debian's `chromium` package when we may.
// Playwright never downloads a browser of its own here: the suite always runs a system Chromium through
// `executablePath`, so what we test is what users of a distro browser run.
//
//   node scripts/ensure-chromium.mjs          prints the executable path, installs it first when absent
//   import { ensureChromium } from "./ensure-chromium.mjs"
//
// Plain Node, no dependencies.
import { spawnSync } from "node:child_process";
import { accessSync, constants, existsSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";

/** Flags for a headless Chromium in a container: we are often root, have no GPU and want no network chatter. */
export const CHROMIUM_ARGS = Object.freeze([
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
]);

/** Where a system Chromium lives, first match wins. `AGENTLINE_CHROMIUM` overrides all of them. */
export const CHROMIUM_CANDIDATES = Object.freeze([
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
]);

const HOW_TO_GET_ONE = [
  "Install one and run the tests again, for example:",
  "  sudo apt-get install chromium            (Debian/Ubuntu; then /usr/bin/chromium is found)",
  "or point the suite at any Chromium or Chrome binary:",
  "  AGENTLINE_CHROMIUM=/path/to/chromium npm test",
  "Playwright's own browser download is deliberately not used.",
].join("\n");

export class ChromiumNotFoundError extends Error {
  constructor(message) {
    super(`${message}\n${HOW_TO_GET_ONE}`);
    this.name = "ChromiumNotFoundError";
  }
}

function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns the Chromium executable to use, or `null` when none is present. Never installs anything.
 * Throws when `AGENTLINE_CHROMIUM` names a file that is not executable: a wrong override must not be
 * silently replaced by another browser.
 */
export function findChromium(env = process.env) {
  const override = env.AGENTLINE_CHROMIUM;
  if (override) {
    if (isExecutableFile(override)) return override;
    throw new ChromiumNotFoundError(`AGENTLINE_CHROMIUM=${override} is not an executable file.`);
  }
  return CHROMIUM_CANDIDATES.find(isExecutableFile) ?? null;
}

function canInstallWithApt() {
  return process.platform === "linux" && process.getuid?.() === 0 && existsSync("/usr/bin/apt-get");
}

function run(command, args, env) {
  console.error(`\n$ ${command} ${args.join(" ")}`);
  const result = spawnSync(command, args, { stdio: ["ignore", 2, 2], env });
  if (result.error) throw result.error;
  return result.status === 0;
}

/** Installs Debian's `chromium` package with apt-get; output streams to the terminal as progress. */
function installWithApt() {
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // Wait for a concurrent apt/dpkg (another shell, unattended-upgrades) instead of failing at once.
  const lockWait = ["-o", "DPkg::Lock::Timeout=300"];
  const started = Date.now();
  console.error("agentline: no Chromium found; installing Debian's chromium package with apt-get (about 30 s)...");
  if (!run("apt-get", [...lockWait, "update"], env)) {
    console.error("agentline: apt-get update failed; trying the install with the package lists already present.");
  }
  if (!run("apt-get", [...lockWait, "install", "-y", "chromium"], env)) {
    throw new ChromiumNotFoundError("apt-get install -y chromium failed (see its output above).");
  }
  console.error(`agentline: chromium installed in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/**
 * Returns the path of a usable Chromium, installing Debian's `chromium` package first when none is found and we
 * run as root on a system with apt-get. Throws {@link ChromiumNotFoundError}, whose message says how to get one,
 * otherwise.
 */
export function ensureChromium({ install = true } = {}) {
  const found = findChromium();
  if (found) return found;
  if (!install || !canInstallWithApt()) {
    const where = ["$AGENTLINE_CHROMIUM", ...CHROMIUM_CANDIDATES].join(", ");
    throw new ChromiumNotFoundError(`No Chromium found (looked at ${where}).`);
  }
  installWithApt();
  const installed = findChromium();
  if (!installed) throw new ChromiumNotFoundError("apt-get installed chromium, yet no Chromium executable was found.");
  return installed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(`agentline: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
