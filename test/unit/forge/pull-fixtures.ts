// Shared setup of the pull request conversation tests: the fake forge, an installation with every scope the
// conversation needs, one open pull request, and user-token clients for permission checks.
import { forgeSetup } from "./forge-fixtures.js";

/** What the installation under test may do. */
export const PULL_SCOPES = [
  "repository:contents:write",
  "repository:pull_requests:write",
  "repository:pull_requests:reviews:write",
  "repository:checks:write",
  "repository:labels:write",
];

/** User tokens the fake accepts: a reviewer without and a maintainer with repository:contents:write. */
export const USERS = {
  reviewer: { token: "reviewer-token", userId: "user_0002", scopes: ["repository:pull_requests:reviews:write"] },
  maintainer: {
    token: "maintainer-token",
    userId: "user_0003",
    scopes: ["repository:pull_requests:reviews:write", "repository:contents:write"],
  },
} as const;

/** A fake forge, an installation client on acme/web-app and one open pull request (feature/login into main). */
export async function pullSetup() {
  const {
    fake,
    clock,
    appId,
    installationId,
    installation: forge,
    appWith,
    userClient,
  } = await forgeSetup({
    users: Object.values(USERS),
    install: { scopes: PULL_SCOPES },
    installationOptions: { sleep: async () => {} },
  });
  /** The same installation through another `fetch` (to change what the wire carries). */
  const installationWith = (fetch: typeof fake.fetch) => appWith({ fetch }).installation(installationId);
  const repo = forge.repo("acme", "web-app");
  const pull = await repo.pulls.create({ title: "Add login", head: "feature/login", base: "main" });
  /** The same repository through a user token. */
  const asUser = (user: keyof typeof USERS) =>
    userClient(USERS[user].token, { sleep: async () => {} }).repo("acme", "web-app");
  // The pull request's branches as the forge answered them (fields the SDK's schema keeps untyped).
  const { head, base } = pull as unknown as { head: { sha: string }; base: { sha: string } };
  return {
    fake,
    forge,
    repo,
    pull,
    headSha: head.sha,
    baseSha: base.sha,
    appId,
    installationId,
    clock,
    asUser,
    installationWith,
  };
}
