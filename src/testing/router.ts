/** The request body as a fake read it (shared by the Cloud Agents, Admin and Forge fakes). */
export type RequestBody = { kind: "none" } | { kind: "json"; value: unknown } | { kind: "invalid" };
