import type { FakeServiceOptions } from "../../../../src/testing/index.js";
import { forgeSetup } from "./helpers.js";

/** Every scope the repository routes need. */
export const REPO_SCOPES = [
  "repository:contents:write",
  "repository:pull_requests:write",
  "repository:checks:write",
  "repository:labels:write",
];

/** A forge setup plus an installation token holding `scopes` (default {@link REPO_SCOPES}) on every repository. */
export async function repoSetup(scopes: string[] = REPO_SCOPES, options: FakeServiceOptions = {}) {
  const setup = await forgeSetup(options);
  const { installationId } = setup.fake.forge.createInstallation({ appId: setup.appId, scopes });
  const minted = await setup.mint({}, installationId);
  const token: string = minted.json.token;
  const iso = (offsetMs = 0) => new Date(setup.clock.t + offsetMs).toISOString();
  return { ...setup, token, iso, repoInstallationId: installationId };
}
