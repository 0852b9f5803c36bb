// The link checker's own cases (scripts/docs-links.mjs), run by the `readme` step of scripts/test.mjs: GitHub's
// heading slugs, and which words of a doc comment are links it must resolve.
import { commentLinks, readmeAnchors } from "../../scripts/docs-links.mjs";

/** Markdown → the anchors GitHub gives its headings. */
const ANCHORS = [
  ["## Code Forge (`agentline/forge`)", ["code-forge-agentlineforge"]],
  ["### Retries, timeouts, hooks, logs", ["retries-timeouts-hooks-logs"]],
  ["## Errors\n## Errors\n## Errors", ["errors", "errors-1", "errors-2"]],
  ["## Über `x` & y", ["über-x--y"]],
  ["## A [link](https://x.test) here", ["a-link-here"]],
  ["## snake_case_name", ["snake_case_name"]],
  ["```md\n## not a heading\n```\n## Real", ["real"]],
  ["#no-space is text\n# Title #", ["title"]],
];

/** A doc comment → the links in it (symbols and words are not links). */
const LINKS = [
  ["/** A. @see spec/admin-api.md#endpoints */", ["spec/admin-api.md#endpoints"]],
  ["/** A. @see ../../README.md */", ["../../README.md"]],
  ["/** {@link AgentsClient} and {@link AgentsClient.agents | agents}. @see verifyWebhook */", []],
  [
    "/** @see {@link https://github.com/agentline/agentline#errors | README: Errors} (spec: X § Y) */",
    ["https://github.com/agentline/agentline#errors"],
  ],
  ["/** See [the guide](docs/guide.md). */", ["docs/guide.md"]],
  ["// @see spec/x.md#y (a line comment ships nowhere)\nconst a = 1;", []],
];

function same(a, b) {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/** Runs the cases; returns counts in the shape scripts/test.mjs reads. */
export function checkLinkRules({ log = console.log } = {}) {
  let passed = 0;
  let failed = 0;
  for (const [markdown, expected] of ANCHORS) {
    const actual = [...readmeAnchors(markdown)];
    if (same(actual, expected)) passed++;
    else {
      failed++;
      log(`   \u2717 slug of ${JSON.stringify(markdown)}: got ${JSON.stringify(actual)}`);
    }
  }
  for (const [comment, expected] of LINKS) {
    const actual = commentLinks(comment);
    if (same(actual, expected)) passed++;
    else {
      failed++;
      log(`   \u2717 links of ${JSON.stringify(comment)}: got ${JSON.stringify(actual)}`);
    }
  }
  log(
    `   ${failed === 0 ? "\u2713" : "\u2717"} link rules: ${ANCHORS.length} slug cases, ${LINKS.length} comment cases`,
  );
  return { passed, failed };
}
