import type { ForgeInstallation, ForgeState } from "../state.js";
import { emitForgeEvent } from "./deliverer.js";
import { type InstallationEventType, installationEventPayload } from "./event-payloads.js";

/**
 * Emits an installation lifecycle event without waiting for its delivery. `installation.deleted` is
 * app-targeted (no `webhook-installation-id`; the installation is gone) and stays listed after the
 * uninstall; the others belong to the installation. Suspension and its lifting are `installation.updated`.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitInstallationEvent(
  state: ForgeState,
  type: InstallationEventType,
  installation: ForgeInstallation,
  at: number,
): void {
  const app = state.apps.get(installation.appId);
  if (!app) return;
  const deleted = type === "installation.deleted";
  const payload = installationEventPayload(state, installation, app, deleted ? at : undefined);
  const target = deleted ? { appId: app.id } : { installationId: installation.id };
  // Failures are recorded on the delivery; nothing to wait for here.
  emitForgeEvent(state, { type, ...target, payload }).catch(() => {});
}
