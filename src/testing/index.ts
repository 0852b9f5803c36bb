/**
 * The embedded fake service: the Cloud Agents, Team Admin and Organization and Code Forge APIs in memory, behind a
 * `fetch` to test your own code against.
 * @module agentline/testing
 */
export type { AdminAuditEventInfo, AdminMemberInfo, FakeAdmin } from "./admin/controls.js";
export type { AdminOrganizationKey, AdminSeedOptions, AdminTeamKey } from "./admin/options.js";
export type { AdminFamilyStats, AdminStats } from "./admin/rate-limit.js";
export type { FakeService } from "./fake-service.js";
export { createFakeService } from "./fake-service.js";
export type {
  DisconnectAfterFault,
  DisconnectBeforeFault,
  Fault,
  FaultBase,
  FaultHandle,
  FaultKind,
  LatencyFault,
  RateLimitFault,
  ServerErrorFault,
  StreamDripFault,
  StreamDropFault,
  StreamFault,
  StreamStallFault,
} from "./faults.js";
export type { FakeForge, RegisterForgeAppInput } from "./forge/controls.js";
export type { ForgeSigningKey } from "./forge/forge-keys.js";
export type { FakeForgeMirrors } from "./forge/mirror-routes.js";
export type {
  ForgeAppOptions,
  ForgeInstallationOptions,
  ForgeOptions,
  ForgeRateLimits,
  ForgeUserToken,
} from "./forge/options.js";
export type { ForgePrincipalStats } from "./forge/rate-limit.js";
export type { FakeForgeWebhooks, ForgeWebhookDelivery } from "./forge/webhooks/controls.js";
export type { ForgeEventInput } from "./forge/webhooks/deliverer.js";
export type { WebhookReceiver } from "./forge/webhooks/send-attempt.js";
export type { FakeModel, FakeServiceOptions, RunScriptOptions, ScriptedFinalStatus, TeamMember } from "./options.js";
export type { LoggedRequest } from "./request-log.js";
export { REDACTED } from "./request-log.js";
