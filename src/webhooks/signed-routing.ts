import { refuse } from "./webhook-headers.js";

// What a delivery is routed on: its event type and installation. The signature covers id, timestamp and body
// only, so both are read from the signed body; the `webhook-event-type` and `webhook-installation-id` headers
// are the sender's unsigned claims, checked against the body. Body fields trusted, in order:
//   type:          `type` (the flat envelope the fake forge sends), then `event.type` (the spec's delivery
//                  resource: `event {id, type}`)
//   installation:  `installation.id` (the delivery resource's `installation {id, target}`, and the snapshot
//                  that installation.* events carry)
// @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events; § Webhook delivery)

/** The header naming the event type (unsigned). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const EVENT_TYPE_HEADER = "webhook-event-type";
/** The header naming the installation (unsigned). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export const INSTALLATION_HEADER = "webhook-installation-id";

/** Where an event's `type` was read: the signed body, or (the body naming none) the unsigned header. */
export type WebhookTypeSource = "body" | "header";

/** The routing of a verified delivery. */
export interface SignedRouting {
  type: string;
  typeSource: WebhookTypeSource;
  installationId: string | undefined;
  unverifiedInstallationId: string | undefined;
}

// A member of a parsed JSON value (none of the names read here exists on a primitive's prototype).
const member = (value: unknown, key: string): unknown => (value as Record<string, unknown> | null | undefined)?.[key];

// A member when it is a non-empty string.
function text(value: unknown, key: string): string | undefined {
  const found = member(value, key);
  return typeof found === "string" && found ? found : undefined;
}

/**
 * The type and installation of a verified body, each cross-checked with its header: a header that disagrees
 * (compared exactly) is refused with `header_mismatch`; a header the body has no value for is handed on, marked
 * (`typeSource: "header"`, `unverifiedInstallationId`); no type in either is `missing_header`.
 */
export function routeOnSignedBody(
  payload: unknown,
  typeHeader: string | undefined,
  installationHeader: string | undefined,
): SignedRouting {
  const type = text(payload, "type") ?? text(member(payload, "event"), "type");
  const installationId = text(member(payload, "installation"), "id");
  for (const [header, signed, name] of [
    [typeHeader, type, EVENT_TYPE_HEADER],
    [installationHeader, installationId, INSTALLATION_HEADER],
  ] as const) {
    if (header && signed && header !== signed) throw refuse("header_mismatch", name, "disagrees with the signed body");
  }
  const routed = type ?? typeHeader;
  if (!routed) throw refuse("missing_header", EVENT_TYPE_HEADER, "is missing and the signed body names no type");
  return {
    type: routed,
    typeSource: type ? "body" : "header",
    installationId,
    unverifiedInstallationId: installationId ? undefined : installationHeader,
  };
}
