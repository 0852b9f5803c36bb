// Bodies of the fake forge's webhook deliveries. The spec names a few payload fields per event type and
// shows no envelope; this fake sends one flat JSON object: `id` (the event id, shared by every app's
// delivery of it), `type`, `createdAt`, `installation` ({id, target}) when the event has one, then the
// event's own fields at the top level (the spec speaks of a "top-level `actor`").
import { isoTime } from "../../clock.js";
import type { ForgeApp, ForgeInstallation, ForgeState } from "../state.js";
import { installationView } from "../views.js";
import type { DeliveryInstallation } from "./delivery-store.js";

/** Envelope keys an event's payload may not set. */
export const RESERVED_PAYLOAD_KEYS: readonly string[] = ["id", "type", "createdAt"];

/** The JSON body of a delivery. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events) */
export function eventBody(
  event: { id: string; type: string },
  createdAt: number,
  installation: DeliveryInstallation | undefined,
  payload: Readonly<Record<string, unknown>>,
): string {
  const envelope: Record<string, unknown> = { id: event.id, type: event.type, createdAt: isoTime(createdAt) };
  if (installation) {
    const { slug, id, type } = installation.target;
    envelope.installation = { id: installation.id, target: { slug, id, type } };
  }
  // A payload's own `installation` (the lifecycle snapshot) replaces the reference; reserved keys are refused at emit.
  return JSON.stringify({ ...envelope, ...payload });
}

/** The `app` object of installation lifecycle events and pings. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events) */
export function appReference(app: ForgeApp): { id: string; displayName: string } {
  return { id: app.id, displayName: app.displayName };
}

/** The installation lifecycle events the fake emits. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events) */
export type InstallationEventType = "installation.created" | "installation.updated" | "installation.deleted";

/**
 * The payload of an `installation.*` event: the installation snapshot (with `deletedAt` on deleted), the
 * `app`, and while installed the repositories it reaches (`{id, name, fullName}`).
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function installationEventPayload(
  state: ForgeState,
  installation: ForgeInstallation,
  app: ForgeApp,
  deletedAt?: number,
): Record<string, unknown> {
  const snapshot = installationView(installation);
  if (deletedAt !== undefined)
    return { installation: { ...snapshot, deletedAt: isoTime(deletedAt) }, app: appReference(app) };
  const repositories = state.installationRepositories(installation).map((repo) => ({
    id: repo.id,
    name: repo.name,
    fullName: `${repo.owner.slug}/${repo.name}`,
  }));
  return { installation: snapshot, app: appReference(app), repositories };
}
