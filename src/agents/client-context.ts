import type { AgentsContext } from "./operations.js";

/**
 * Each `AgentsClient`'s operation context (transport, resolved table), for the relay of this package: it sends the
 * page's calls through the client's own table, key and redaction. Not exported from any entry point.
 */
export const agentsClientContexts = new WeakMap<object, AgentsContext>();
