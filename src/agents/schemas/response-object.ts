// Response objects of the Cloud Agents API. Where the spec makes a field optional ("omitted when…", "populated
// once…"), a server that writes it as JSON `null` instead of leaving it out is read as if it had omitted it; a field
// whose own type admits `null` (a tool call's `args` and `result`: "any JSON value or null") keeps it. The builder is
// shared with the Admin and Forge responses: see `responseObject` in src/core/schema.ts.
export { responseObject } from "../../core/schema.js";
