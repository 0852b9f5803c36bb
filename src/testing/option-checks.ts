import {
  CLOCK_OPTION,
  checkOptions,
  FUNCTION_OPTION,
  isObject,
  isText,
  OBJECT_OPTION,
  type OptionRule,
  TEXT_OPTION,
  URL_OPTION,
} from "../core/arguments.js";

// The shape of every documented option of createFakeService, checked before anything is resolved, so a wrong one
// fails with the SDK's `invalid_option` error naming it (`options.run.creatingMs`) rather than "x is not iterable"
// from deep inside the seeding. The finer rules (a key without spaces, a known scope) stay where they are used.

const integerFrom = (min: number, max = Number.MAX_SAFE_INTEGER): OptionRule => [
  (value) => Number.isInteger(value) && (value as number) >= min && (value as number) <= max,
  max === Number.MAX_SAFE_INTEGER ? `an integer >= ${min}` : `an integer from ${min} to ${max}`,
];
const TEXT_LIST: OptionRule = [(value) => Array.isArray(value) && value.every(isText), "an array of non-empty strings"];
const OBJECT_LIST: OptionRule = [(value) => Array.isArray(value) && value.every(isObject), "an array of objects"];
const BOOLEAN: OptionRule = [(value) => typeof value === "boolean", "a boolean"];
const MILLISECONDS: OptionRule = [(value) => Number.isFinite(value) && (value as number) >= 0, "a finite number >= 0"];
const POSITIVE_MILLISECONDS: OptionRule = [
  (value) => Number.isFinite(value) && (value as number) > 0,
  "a finite number > 0",
];

/** Checks admin seed options (`options.admin`, or the argument of `fake.admin.reset`) field by field. */
export function checkAdminSeed(seed: object, name: string): void {
  checkOptions(seed, name, {
    members: integerFrom(1),
    linkedTeams: integerFrom(1),
    organizationId: TEXT_OPTION,
    auditDays: integerFrom(0),
    rateLimits: [(value) => value === false || isObject(value), "false or an object of per-family limits"],
  });
}

/** Checks the options of `createFakeService` field by field (absent fields pass); throws `invalid_option`. */
export function checkFakeServiceOptions(options: Record<string, unknown>): void {
  checkOptions(options, "options", {
    apiKeys: TEXT_LIST,
    serviceAccountKeys: TEXT_LIST,
    now: CLOCK_OPTION,
    sleep: FUNCTION_OPTION,
    randomUUID: FUNCTION_OPTION,
    features: OBJECT_OPTION,
    run: OBJECT_OPTION,
    baseUrl: URL_OPTION,
    teamMembers: OBJECT_LIST,
    teamId: integerFrom(1),
    models: OBJECT_LIST,
    repositories: TEXT_LIST,
    pools: TEXT_LIST,
    streamRetentionSeconds: integerFrom(0),
    heartbeatIntervalMs: POSITIVE_MILLISECONDS,
    teamKeys: OBJECT_LIST,
    organizationKeys: OBJECT_LIST,
    admin: OBJECT_OPTION,
    forge: OBJECT_OPTION,
  });
  const { features, run, admin, forge } = options as Record<string, Record<string, unknown> | undefined>;
  if (features) checkOptions(features, "options.features", { usage: BOOLEAN });
  if (run)
    checkOptions(run, "options.run", {
      creatingMs: MILLISECONDS,
      runningMs: MILLISECONDS,
      finalStatus: [
        (value) => ["FINISHED", "ERROR", "EXPIRED"].includes(value as string),
        '"FINISHED", "ERROR" or "EXPIRED"',
      ],
      result: FUNCTION_OPTION,
      toolCalls: integerFrom(0),
      assistantChunks: integerFrom(0),
    });
  if (admin) checkAdminSeed(admin, "options.admin");
  if (forge) {
    checkOptions(forge, "options.forge", {
      apps: OBJECT_LIST,
      installations: OBJECT_LIST,
      repositories: integerFrom(1, 10_000),
      owner: OBJECT_OPTION,
      tokenLifetimeSeconds: integerFrom(1, 900),
      userTokens: OBJECT_LIST,
      rateLimits: OBJECT_OPTION,
    });
    if (isObject(forge.rateLimits))
      checkOptions(forge.rateLimits, "options.forge.rateLimits", {
        installation: integerFrom(1),
        app: integerFrom(1),
        user: integerFrom(1),
      });
  }
}
