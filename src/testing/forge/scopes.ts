import { expectFakeArgument, fakeArgumentError } from "../argument-errors.js";
// Scope names and the ":write grants :read" rule. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Scopes (requested at installation))

/** Added to every installation automatically. */
export const METADATA_READ = "repository:metadata:read";

/** Scopes an app may request at installation (and narrow its tokens to). */
export const APP_SCOPES: readonly string[] = [
  METADATA_READ,
  "repository:contents:read",
  "repository:contents:write",
  "repository:pull_requests:read",
  "repository:pull_requests:write",
  "repository:pull_requests:reviews:read",
  "repository:pull_requests:reviews:write",
  "repository:checks:read",
  "repository:checks:write",
  "repository:labels:read",
  "repository:labels:write",
  "repository:rulesets:read",
  "repository:rulesets:write",
  "repository:settings:read",
  "repository:settings:write",
  "namespace:settings:read",
  "namespace:settings:write",
];

/** Whether a set of held scopes allows `required`: held as is, or as its `:write` counterpart. */
export function grantsScope(held: readonly string[], required: string): boolean {
  if (held.includes(required)) return true;
  return required.endsWith(":read") && held.includes(`${required.slice(0, -":read".length)}:write`);
}

/** An installation's approved scopes: the given ones, de-duplicated, with metadata read added. */
export function installationScopes(scopes: readonly string[]): string[] {
  expectFakeArgument(Array.isArray(scopes), "fake.forge: an installation's `scopes` must be an array of scope names.");
  for (const scope of scopes) {
    if (!APP_SCOPES.includes(scope))
      throw fakeArgumentError(
        `fake.forge: ${typeof scope === "string" ? JSON.stringify(scope) : `a ${typeof scope}`} is not a scope an app can be granted; use one of ${APP_SCOPES.join(", ")}.`,
      );
  }
  return [...new Set([METADATA_READ, ...scopes])];
}
