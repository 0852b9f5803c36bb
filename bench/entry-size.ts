// The bytes an app ships for one entry module: esbuild bundles and minifies it over the agentline sources, as the
// app's bundler would, and gzip -9 compresses the result.
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** The runtime dependencies and the React peer: an app installs them next to agentline. */
export const RUNTIME_PACKAGES = ["react", "valibot", "jose", "eventsource-parser", "@preact/signals-core"];

/** Minified and min+gzip bytes of `contents` (imports resolved from the repository root); `external` left out. */
export async function entrySize(
  contents: string,
  external: readonly string[] = [],
): Promise<{ minified: number; gzip: number }> {
  const result = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL("..", import.meta.url)), loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    write: false,
    external: [...external],
  });
  const code = result.outputFiles[0]?.contents ?? new Uint8Array();
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}
