import type { AgentsContext } from "./operations.js";

/**
 * Each `AgentsClient`'s operation context (transport, resolved table), for the relay of this package: it sends the
 * page's calls through the client's own table, key and redaction. Not exported from any entry point.
 */
export const agentsClientContexts = new WeakMap<object, AgentsContext>();

/** The clients built without a key (relay mode): a relay refuses them, since it would forward calls with no key. */
export const keylessAgentsClients = new WeakSet<object>();
