// The one place the size and startup benches get the package from: dist/ freshly built, packed, and installed into a
// throwaway consumer project, as a user's app gets it. The anchors (other SDKs measured beside ours) are linked in.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { buildDist, type PackedConsumer, packedConsumer, repositoryRoot } from "../scripts/lib/packed-consumer.mjs";

/** The packages agentline is measured beside; pinned dev dependencies of this repository. */
export const ANCHOR_PACKAGES = ["openai", "@octokit/core", "standardwebhooks"] as const;

let prepared: PackedConsumer | undefined;

/** Builds, packs and installs once per process; later calls reuse the same consumer. */
export function benchConsumer(): PackedConsumer {
  if (!prepared) {
    buildDist();
    prepared = packedConsumer({ link: ANCHOR_PACKAGES });
  }
  return prepared;
}

/** Writes `data` as `.bench-results/<name>.json` (gitignored) and returns its path. */
export function saveResults(name: string, data: unknown): string {
  const dir = join(repositoryRoot, ".bench-results");
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.json`);
  writeFileSync(path, `${JSON.stringify(data, null, 2)}\n`);
  return path;
}

/** Runs `bench` when `moduleUrl` is the script node was started with; a failure prints its message and exits 1. */
export async function runIfMain(moduleUrl: string, bench: () => Promise<unknown>): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  try {
    await bench();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
