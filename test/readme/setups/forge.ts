// Code Forge: an app registered at the fake forge with its key, its installation on every repository of the seeded
// namespace "acme", a user token, and the values the section takes as given, read from the fake's seeded data.
// After the run, the fake must hold what the block's calls made: the squash-merged pull, the check runs, the label,
// the ruleset, the commit from files on "fix", the finished mirror job and the new repository.
// biome-ignore-all lint/correctness/noUnusedVariables: the README block that follows this setup uses them.
import { ForgeApp as SetupForgeApp, generateAppKeyPair as setupGenerateAppKeyPair } from "agentline/forge";
import { expectAfterSnippet, fakeNetwork } from "../network.js";

const baseUrl = "https://api.example.com";
// The fake's clock runs ahead by what the block's mirror job would take: each poll of a mirror job moves it 35 s,
// so `mirror.waitForJob` sees the job finish after a poll or two instead of a minute of waiting.
let skew = 0;
const fake = fakeNetwork({
  baseUrl,
  now: () => Date.now() + skew,
  forge: {
    userTokens: [
      {
        token: "forge-user-token",
        scopes: [
          "app:settings:write",
          "namespace:apps:read",
          "namespace:repositories:create",
          "namespace:settings:read",
          "repository:mirror:write",
          "repository:metadata:read",
        ],
      },
    ],
  },
});
const network = globalThis.fetch;
globalThis.fetch = (input, init) => {
  const request = new Request(input, init);
  if (request.method === "GET" && /\/mirror\/transition-jobs\//.test(new URL(request.url).pathname)) skew += 35_000;
  return network(request);
};

const { publicKey, privateKey: pkcs8Pem } = await setupGenerateAppKeyPair();
const webhookUrl = "https://hooks.example.com/forge";
const registered = fake.forge.registerApp({
  appId: "app_…",
  publicKeyPem: publicKey,
  webhookUrl,
  events: ["pull_request.created"],
  install: {
    scopes: [
      "repository:contents:write",
      "repository:pull_requests:write",
      "repository:pull_requests:reviews:write",
      "repository:checks:write",
      "repository:labels:write",
      "repository:rulesets:write",
      "repository:settings:write",
    ],
  },
});
if (registered.installationId === undefined) throw new Error("setup: registerApp no longer installs the app");
const id = registered.installationId;
const installUrl = `${baseUrl}/install`;
const redirectUri = "https://app.example.com/installed";
const userToken = "forge-user-token";

const setupForge = new SetupForgeApp({ appId: registered.appId, privateKey: pkcs8Pem, baseUrl }).installation(id);
const setupRepo = setupForge.repo("acme", "web-app");
const refSha = async (ref: string): Promise<string> => {
  const found = await setupRepo.git.getRef(ref);
  if (found.sha === undefined) throw new Error(`setup: ${ref} has no sha`);
  return found.sha;
};
const headSha = await refSha("heads/feature/login");
const sha = await refSha("heads/main");
// The branch "fix-login" that the block creates at `sha`: createFromFiles expects it still there.
const expectedHeadSha = sha;
// A review thread on another pull request, for `threads.resolve`.
const other = await setupRepo.pulls.create({ title: "Add search", head: "feature/search", base: "main" });
let added = "";
for await (const file of setupRepo.pulls.files(other.number)) if (file.status === "added") added ||= file.path;
const opened = await setupRepo.pulls.comments.create(other.number, {
  body: "Why a filter?",
  inline: { path: added, side: "RIGHT", startLine: 1, endLine: 1 },
});
const threadId = opened.thread?.id ?? "";
const setupCheckRun = (key: string, status: "queued" | "in_progress") => ({
  sha,
  suite: { key: "ci", externalId: "b-1" },
  key,
  externalId: `${key}-1`,
  status,
  externalUpdatedAt: new Date().toISOString(),
});
const posts = [setupCheckRun("test", "in_progress"), setupCheckRun("build", "queued")];
// The check run the block appends annotations to.
const runId = (await setupRepo.checkRuns.post(setupCheckRun("types", "in_progress"))).checkRun.id;
const notes = [{ path: "src/index.ts", startLine: 1, endLine: 1, level: "warning", message: "unused import" }];
const base64 = btoa("export const fixed = true;\n");
const lastSeen = new Date(Date.now() - 3_600_000).toISOString();

async function some<T>(items: AsyncIterable<T>, matches: (item: T) => boolean): Promise<boolean> {
  for await (const item of items) if (matches(item)) return true;
  return false;
}
expectAfterSnippet("the pull request from feature/login to be merged", () =>
  some(setupRepo.pulls.list({ state: "merged" }), (pull) => pull.title === "Add login" && pull.state === "merged"),
);
expectAfterSnippet("the lint check run on `sha` to be completed with success", () =>
  some(setupRepo.checkRuns.listForCommit(sha), (run) => run.key === "lint" && run.conclusion === "success"),
);
expectAfterSnippet(
  "the label needs-review to exist",
  async () => (await setupRepo.labels.get("needs-review")).name === "needs-review",
);
expectAfterSnippet(
  "branch fix-login to hold a.ts from createFromFiles",
  async () => (await setupRepo.contents.text("a.ts", { ref: "fix-login" })) === "export const fixed = true;\n",
);
expectAfterSnippet(
  "legacy-mirror to be outbound after its finished transition job",
  async () => (await setupForge.repo("acme", "legacy-mirror").get()).mirror?.status === "outbound",
);
expectAfterSnippet("acme/new-repo to exist", () =>
  some(setupForge.installationRepos.list({ filter: "new-repo" }), (repo) => repo.name === "new-repo"),
);
