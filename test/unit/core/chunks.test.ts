// The package's chunk layout, from a JavaScript-only build with the real tsdown.config.ts (declarations skipped: they
// take most of a build's time and do not change the JavaScript). Node loads an entry's static imports one file at a
// time and each costs more to find, read and link than its code costs to run, so `import "agentline/agents"` must
// stay a handful of files; and the grouping that achieves it must not drag one API's layer into another's entry.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "tsdown";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../..", import.meta.url));
let outDir = "";
const files = new Map<string, string>();

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), "agentline-chunks-"));
  await build({ config: join(root, "tsdown.config.ts"), cwd: root, outDir, dts: false, logLevel: "silent" });
  for (const name of readdirSync(outDir))
    if (name.endsWith(".js")) files.set(name, readFileSync(join(outDir, name), "utf8"));
}, 60_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** The specifiers a chunk imports statically (`import … from`, `export … from`, bare `import "…"`), in order. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/^(?:import|export)\b[^;]*?["']([^"']+)["'];?$/gm)].map((match) => match[1] as string);
}

/** The source modules a chunk holds, from the `//#region <path>` markers of the unminified build. */
function modulesOf(code: string): string[] {
  return [...code.matchAll(/^\/\/#region (\S+)$/gm)].map((match) => match[1] as string);
}

/** Every package file and external package an entry loads before its first line runs. */
function staticGraph(entry: string): { files: string[]; packages: string[]; modules: string[] } {
  const seen: string[] = [];
  const packages = new Set<string>();
  const visit = (name: string) => {
    if (seen.includes(name)) return;
    const code = files.get(name);
    if (code === undefined) throw new Error(`${name} is imported but was not built`);
    seen.push(name);
    for (const specifier of staticImports(code)) {
      if (specifier.startsWith("./")) visit(specifier.slice(2));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return {
    files: seen,
    packages: [...packages].sort(),
    modules: seen.flatMap((name) => modulesOf(files.get(name) ?? "")),
  };
}

describe("chunk layout of the built package", () => {
  // Six: the entry, the errors chunk it shares with agentline/webhooks (which must not load valibot or the transport),
  // two core chunks, the Cloud Agents client and the run-state reducer (10 before the grouping).
  it("loads agentline/agents in at most six files, with valibot as its only package", () => {
    const graph = staticGraph("agents.js");
    expect(graph.files.length, graph.files.join(", ")).toBeLessThanOrEqual(6);
    expect(graph.packages).toEqual(["valibot"]);
    expect(graph.modules).toContain("src/agents/client.ts");
  });

  it("loads eventsource-parser only when a run stream first connects", () => {
    const lazy = [...files].filter(([, code]) => /\bimport\(\s*["']eventsource-parser["']\s*\)/.test(code));
    const eager = [...files].filter(([, code]) => staticImports(code).includes("eventsource-parser"));
    expect(lazy.flatMap(([name]) => modulesOf(files.get(name) ?? ""))).toContain("src/agents/stream/sse-reader.ts");
    expect(eager.map(([name]) => name)).toEqual([]);
  });

  it("keeps the Cloud Agents client and its run stream out of agentline/reactive", () => {
    const { modules } = staticGraph("reactive.js");
    expect(modules).toContain("src/agents/run-state.ts");
    const agentsClientModules = modules.filter((path) =>
      /^src\/agents\/(client|agents-resource|runs-resource|validate|stream\/run-stream|stream\/sse-reader)\.ts$/.test(
        path,
      ),
    );
    // When this fails, reactive imports an agents module the tsdown config's "run-state" group does not list yet.
    expect(agentsClientModules, "add the agents modules reactive imports to the run-state group").toEqual([]);
  });

  it("keeps the API clients' transport out of agentline/webhooks", () => {
    const { modules } = staticGraph("webhooks.js");
    expect(modules).toContain("src/core/errors.ts");
    expect(modules.filter((path) => /^src\/(core\/(transport|retry|api-promise)|agents\/)/.test(path))).toEqual([]);
  });

  it("loads agentline/relay as the agents layers plus its own file: no reactive, testing or forge code", () => {
    const graph = staticGraph("relay.js");
    expect(graph.files.length, graph.files.join(", ")).toBeLessThanOrEqual(7);
    expect(graph.packages).toEqual(["valibot"]);
    expect(graph.modules).toContain("src/relay/relay.ts");
    expect(graph.modules).toContain("src/agents/stream/run-stream-encode.ts");
    expect(graph.modules.filter((path) => /^src\/(reactive|testing|forge|admin|webhooks)\//.test(path))).toEqual([]);
    // The relay is its own layer: no other entry loads it.
    for (const entry of ["agents.js", "index.js", "reactive.js"]) {
      expect(staticGraph(entry).modules.filter((path) => path.startsWith("src/relay/"))).toEqual([]);
    }
  });

  it("puts every source module in exactly one JavaScript chunk and no declaration module in any", () => {
    const owners = new Map<string, string[]>();
    for (const [name, code] of files) {
      for (const path of modulesOf(code)) owners.set(path, [...(owners.get(path) ?? []), name]);
    }
    expect(owners.size).toBeGreaterThan(100);
    const duplicated = [...owners].filter(([, names]) => names.length > 1).map(([path]) => path);
    const declarations = [...owners.keys()].filter((path) => path.endsWith(".d.ts"));
    expect(duplicated).toEqual([]);
    expect(declarations).toEqual([]);
  });
});
