/**
 * The edge relay that lets a page use the Cloud Agents API without holding the key: `createAgentsRelay()`.
 * @module agentline/relay
 */
export { type AgentsRelay, createAgentsRelay } from "./relay.js";
export {
  type AgentsRelayOptions,
  DEFAULT_RELAY_OPERATIONS,
  type RelayAuthorize,
  type RelayAuthorizeContext,
  type RelayCredentials,
} from "./relay-options.js";
