import { AGENT_ID_PATTERN } from "../agents/ids.js";

/** Makes a random RFC 4122 v4 UUID string. */
export type RandomUUID = () => string;

/**
 * `crypto.randomUUID` where it exists (it needs a secure context in browsers), else a v4 UUID built
 * from `crypto.getRandomValues`, which every supported runtime has.
 */
export const defaultRandomUUID: RandomUUID = () => {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The id formats the fake mints, all from one injectable UUID source. */
export interface IdSource {
  /** `bc-<uuid>` — the spec's agent id form. */
  agentId(): string;
  /** `run-<uuid>` — the spec's run id form. */
  runId(): string;
  /** The `x-request-id` of one answer. */
  requestId(): string;
  /** A bare UUID (usage records). */
  uuid(): string;
}

/** An {@link IdSource} over `randomUUID`. */
export function createIdSource(randomUUID: RandomUUID): IdSource {
  return {
    agentId: () => `bc-${randomUUID()}`,
    runId: () => `run-${randomUUID()}`,
    requestId: () => `req-${randomUUID()}`,
    uuid: () => randomUUID(),
  };
}

/** Agent ids compare case-insensitively (their hex is), so the fake keys them in lower case. */
export function agentKey(id: string): string {
  return AGENT_ID_PATTERN.test(id) ? id.toLowerCase() : id;
}
