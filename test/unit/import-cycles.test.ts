import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// Dependencies go one way (DESIGN.md): no module of src/ or adapters/ may reach itself through its relative imports,
// type-only imports included. (The Code Forge client and its resources formed one until the forge moved onto its
// operation table: the resources now name only the context type, in forge-context.ts.)
const root = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Each module's relative imports and re-exports (`import`, `import type`, `export … from`). */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = [...text.matchAll(/(?:import|export)\s[^'";]*?from\s+["'](\.{1,2}\/[^"']+)["']/g)].map((match) =>
      resolve(dirname(file), (match[1] as string).replace(/\.js$/, ".ts")),
    );
    graph.set(file, targets);
  }
  return graph;
}

/** The strongly connected groups of more than one module (Tarjan): each is an import circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      group.push(relative(root, member));
    } while (member !== node);
    if (group.length > 1) found.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe("import circles", () => {
  const files = [...sourceFiles(join(root, "src")), ...sourceFiles(join(root, "adapters"))];
  const found = circles(importGraph(files));

  it("finds none in src/ and adapters/", () => {
    console.log(`${files.length} modules: ${found.length} circle(s)`);
    expect(found).toEqual([]);
  });

  it("detects a circle (the scan itself can fail)", () => {
    const a = join(root, "a.ts");
    const b = join(root, "b.ts");
    expect(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
    ).toEqual([["a.ts", "b.ts"]]);
  });
});
