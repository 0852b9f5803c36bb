// The README extractor's own cases (run by the `readme` step of scripts/test.mjs before README.md itself): every
// block it cannot classify is refused, never silently skipped, and every classifiable block is kept as written.
import { extractSnippets } from "../../scripts/docs-snippets.mjs";

const setupExists = (name) => name === "known";

/** Fences that must be refused: a TypeScript block nobody said how to test, or a language nobody knows. */
const REFUSED = [
  ["a bare ts block", "```ts\nconst a = 1;\n```"],
  ["a bare tsx block", "```tsx\n<p />;\n```"],
  ["a block without a language", "```\nconst a = 1;\n```"],
  ["typescript spelled out", "```typescript run\nconst a = 1;\n```"],
  ["javascript", "```js run\nconst a = 1;\n```"],
  ["an unknown language", "```rust\nfn main() {}\n```"],
  ["two modes", "```ts run check\nconst a = 1;\n```"],
  ["an unknown attribute", "```ts run title=x\nconst a = 1;\n```"],
  ["a typo in the mode", "```ts nocheck\nconst a = 1;\n```"],
  ["an unknown setup", "```ts run setup=missing\nconst a = 1;\n```"],
  ["a setup name with a path", "```ts run setup=../known\nconst a = 1;\n```"],
  ["two setups", "```ts run setup=known setup=known\nconst a = 1;\n```"],
  ["a setup on a no-check block", "```ts no-check setup=known\nconst a = 1;\n```"],
  ["an unclosed block", "```ts run\nconst a = 1;\n"],
  ["a tilde fence without a mode", "~~~ts\nconst a = 1;\n~~~"],
];

/** Fences that are classified, with what the extractor must make of them. */
const ACCEPTED = [
  ["run", "```ts run\nconst a = 1;\n```", { lang: "ts", mode: "run", line: 2, code: "const a = 1;" }],
  [
    "check with setup",
    "text\n\n```tsx check setup=known\n<p />;\n```",
    { lang: "tsx", mode: "check", setup: "known", line: 4 },
  ],
  ["no-check", "```ts no-check\nnot code\n```", { lang: "ts", mode: "no-check", line: 2 }],
  [
    "a longer fence holding a shorter one",
    "````ts run\nconst s = `\n```\n`;\n````",
    { mode: "run", code: "const s = `\n```\n`;" },
  ],
  [
    "shell and text blocks are prose",
    "```sh\nnpm test\n```\n```text\nx\n```\n```ts check\n1;\n```",
    { mode: "check", line: 8 },
  ],
];

/** Runs the cases; returns counts in the shape scripts/test.mjs reads. */
export function checkExtractor({ log = console.log } = {}) {
  let passed = 0;
  let failed = 0;
  for (const [name, markdown] of REFUSED) {
    const { snippets, refused } = extractSnippets(markdown, { setupExists });
    if (refused.length === 1 && snippets.length === 0) passed++;
    else {
      failed++;
      log(`   \u2717 extractor: ${name} was not refused (${refused.length} refusals, ${snippets.length} kept)`);
    }
  }
  for (const [name, markdown, expected] of ACCEPTED) {
    const { snippets, refused } = extractSnippets(markdown, { setupExists });
    const [snippet] = snippets;
    const matches =
      refused.length === 0 &&
      snippets.length === 1 &&
      Object.entries(expected).every(([key, value]) => snippet?.[key] === value);
    if (matches) passed++;
    else {
      failed++;
      log(`   \u2717 extractor: ${name}: got ${JSON.stringify({ snippets, refused })}`);
    }
  }
  log(
    `   ${failed === 0 ? "\u2713" : "\u2717"} extractor: ${REFUSED.length} unclassifiable blocks refused, ${ACCEPTED.length} classified`,
  );
  return { passed, failed };
}
