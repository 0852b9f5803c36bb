// The Admin and Organization API schemas: responses (loose, open enums), request bodies and their constants.
export * from "./allowlist.js";
export * from "./assistant-bot.js";
export * from "./constants.js";
export * from "./envelopes.js";
export * from "./groups.js";
export * from "./members.js";
export * from "./model-access.js";
export * from "./organization.js";
export * from "./requests-assistant-bot.js";
export * from "./requests-groups.js";
export * from "./requests-model-access.js";
export * from "./requests-organization.js";
export {
  type CursorQueryParams,
  CursorQuerySchema,
  PAGE_SIZE_LIMITS,
  PageNumberSchema,
  type PageQueryParams,
  type PageSizeLimit,
  type PageSizeOverflow,
} from "./requests-pagination.js";
export * from "./requests-team.js";
export * from "./usage.js";
