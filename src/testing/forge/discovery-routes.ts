import { reply } from "../responses.js";
import { principalBudget, principalKey } from "./auth.js";
import type { FakeForgeRoute } from "./route.js";

/** `Cache-Control` of the key set. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Discovery and keys) */
export const KEYS_CACHE_CONTROL = "public, max-age=600, stale-if-error=600";

/** Discovery, the forge's key set and `GET /rate_limit`. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Discovery and keys) */
export const discoveryRoutes: readonly FakeForgeRoute[] = [
  {
    method: "GET",
    pattern: "/.well-known/openid-configuration",
    credential: "none",
    cost: 0,
    handle: ({ issuer }) =>
      reply({
        issuer,
        jwks_uri: `${issuer}/keys`,
        response_types_supported: ["id_token"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["EdDSA"],
      }),
  },
  {
    method: "GET",
    pattern: "/keys",
    credential: "none",
    cost: 0,
    handle: async ({ keys }) => ({
      status: 200,
      body: { keys: (await keys.list()).map((key) => ({ ...key.jwk })) },
      headers: { "cache-control": KEYS_CACHE_CONTROL },
    }),
  },
  {
    method: "GET",
    pattern: "/rate_limit",
    credential: ["app", "installation", "user"],
    cost: 0,
    handle: ({ principal, limiter, options, now }) => {
      if (!principal) throw new Error("GET /rate_limit needs a principal");
      const core = limiter.peek(principalKey(principal), principalBudget(principal, options), now);
      return reply({ resources: { core }, rate: { ...core } });
    },
  },
];
