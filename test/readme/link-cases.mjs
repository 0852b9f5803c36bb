// The link checker's own cases (scripts/docs-links.mjs), run by the `readme` step of scripts/test.mjs: GitHub's
// heading slugs, and which words of a doc comment are links it must resolve.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkDeclarationLinks, commentLinks, HOMEPAGE, REFERENCE, readmeAnchors } from "../../scripts/docs-links.mjs";

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

/** Links in a declaration file → whether the checker must accept them. */
const DECLARATION_LINKS = [
  [`${HOMEPAGE}#errors`, true],
  [`${HOMEPAGE}#no-such-heading`, false],
  [`${HOMEPAGE}/blob/main/src/index.ts`, false],
  [`${REFERENCE}classes/agentline.AgentsClient.html#agents`, true],
  [`${REFERENCE}classes/agentline.AgentsClient.html#no-such-member`, false],
  [`${REFERENCE}classes/agentline.Missing.html`, false],
  ["https://www.rfc-editor.org/rfc/rfc9110#section-10.2.3", true],
  ["spec/forge-api.md#events", false],
  ["../../../shared/spec/admin-api.md#endpoints", false],
];

/** The declaration-link rules on a small dist/ and reference written for the purpose. */
function checkDeclarationRules() {
  const directory = mkdtempSync(join(tmpdir(), "agentline-links-"));
  try {
    const dist = join(directory, "dist");
    const reference = join(directory, "api");
    mkdirSync(dist);
    mkdirSync(join(reference, "classes"), { recursive: true });
    writeFileSync(join(reference, "index.html"), "<html></html>");
    writeFileSync(join(reference, "classes", "agentline.AgentsClient.html"), '<h3 id="agents">agents</h3>');
    return DECLARATION_LINKS.map(([link, accepted]) => {
      writeFileSync(join(dist, "index.d.ts"), `/** A. @see {@link ${link} | there} */\nexport declare const a: 1;\n`);
      const result = checkDeclarationLinks({ anchors: new Set(["errors"]), reference, dist });
      return result.checked === 1 && (result.problems.length === 0) === accepted
        ? null
        : `${link}: expected ${accepted ? "accepted" : "refused"}, got ${JSON.stringify(result.problems)}`;
    });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

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
  for (const problem of checkDeclarationRules()) {
    if (problem === null) passed++;
    else {
      failed++;
      log(`   \u2717 declaration link ${problem}`);
    }
  }
  const refusals = DECLARATION_LINKS.filter(([, accepted]) => !accepted).length;
  log(
    `   ${failed === 0 ? "\u2713" : "\u2717"} link rules: ${ANCHORS.length} slug cases, ${LINKS.length} comment ` +
      `cases, ${DECLARATION_LINKS.length} declaration links (${refusals} to refuse)`,
  );
  return { passed, failed };
}
