// The forge's documented request limits, in one place so the checks, their messages and the tests agree.

/** Every numeric request limit the forge documents. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Other constants) */
export const FORGE_LIMITS = {
  /** `pageSize` bounds (default 30). */
  minPageSize: 1,
  maxPageSize: 100,
  /** Code points, not UTF-16 units. */
  maxTitleCodePoints: 256,
  maxBodyCodePoints: 65_536,
  maxReviewComments: 50,
  maxThreadIds: 20,
  maxLabelName: 50,
  maxLabelDescription: 255,
  minAnnotations: 1,
  maxAnnotations: 25,
  maxGrepGlobs: 20,
  /** Larger context values are reduced to this by the server; the SDK clamps them the same way. */
  maxGrepContext: 10,
  maxGrepResults: 1000,
  maxRulesetPatterns: 64,
  maxRulesetRules: 20,
  maxRulesetBypassActors: 15,
  minFileChanges: 1,
  maxFileChanges: 1000,
  maxFileBytes: 8 * 1024 * 1024,
  maxTotalFileBytes: 32 * 1024 * 1024,
  minRedeliverIds: 1,
  maxRedeliverIds: 100,
} as const;
