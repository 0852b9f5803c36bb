// The files every repository of the fake forge starts with: a root commit with a README, the default branch with a
// small TypeScript project, and one change on each seeded feature branch. Deterministic: the same repository always
// gets the same bytes, hence the same blob, tree and commit ids.
import type { ForgeRepository } from "./state.js";

/** How a file is stored: a plain file, an executable, or a symlink (its text is the target). */
export type GitFileMode = "file" | "executable" | "symlink";

/** Path → new text (and mode), or `null` to delete the path. */
export type SeedChanges = Readonly<Record<string, { text: string; mode?: GitFileMode } | null>>;

const readme = (repo: ForgeRepository) => `# ${repo.name}\n\nA repository of ${repo.owner.slug}.\n`;

/** The root commit's files. */
export function seedRootChanges(repo: ForgeRepository): SeedChanges {
  return { "README.md": { text: readme(repo) } };
}

/** What the default branch's seeded commit adds: sources, docs, a symlink and an executable build script. */
export function seedMainChanges(repo: ForgeRepository): SeedChanges {
  const pkg = { name: `@${repo.owner.slug}/${repo.name}`, version: "1.0.0", type: "module" };
  return {
    "README.md": { text: `${readme(repo)}\n## Build\n\nRun scripts/build.sh.\n` },
    "package.json": { text: `${JSON.stringify(pkg, null, 2)}\n` },
    "src/index.ts": {
      text: [
        'import { greet } from "./util/strings.js";',
        "",
        "// TODO: read the name from the command line",
        'export const message = greet("world");',
        "console.log(message);",
        "",
      ].join("\n"),
    },
    "src/util/strings.ts": {
      text: [
        "/** Says hello. */",
        "export function greet(name: string): string {",
        '  return "Hello, " + name + "!";',
        "}",
        "",
        "// todo: a farewell helper",
        "export const shout = (text: string) => text.toUpperCase();",
        "",
      ].join("\n"),
    },
    "docs/guide.md": { text: "# Guide\n\nInstall the packge, then import greet.\n\nTODO: examples.\n" },
    "docs/index.md": { text: "guide.md", mode: "symlink" },
    "scripts/build.sh": { text: "#!/bin/sh\nset -e\ntsc -p .\n", mode: "executable" },
  };
}

const BRANCH_CHANGES: Readonly<Record<string, { message: string; changes: SeedChanges }>> = {
  "feature/login": {
    message: "Add a login form",
    changes: {
      "src/login.ts": { text: 'export function login(user: string): string {\n  return "signed in: " + user;\n}\n' },
      "src/index.ts": {
        text: 'import { login } from "./login.js";\n\nexport const message = login("world");\nconsole.log(message);\n',
      },
    },
  },
  "feature/search": {
    message: "Add search",
    changes: {
      "src/search.ts": {
        text: "export const search = (items: string[], q: string) => items.filter((i) => i.includes(q));\n",
      },
      "docs/index.md": null,
    },
  },
  "fix/typo": {
    message: "Fix a typo in the guide",
    changes: { "docs/guide.md": { text: "# Guide\n\nInstall the package, then import greet.\n\nTODO: examples.\n" } },
  },
};

/** A seeded feature branch's commit on top of the default branch: its message and changes. */
export function seedBranchChanges(branch: string): { message: string; changes: SeedChanges } {
  return (
    BRANCH_CHANGES[branch] ?? {
      message: `Start ${branch}`,
      changes: { [`notes/${branch.replace(/\//g, "-")}.md`]: { text: `# ${branch}\n` } },
    }
  );
}
