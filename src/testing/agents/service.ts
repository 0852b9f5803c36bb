import { authenticate } from "../auth.js";
import type { StreamFault } from "../faults.js";
import type { IdSource } from "../ids.js";
import type { ResolvedOptions } from "../options.js";
import { errorReply, HttpFailure, type Reply } from "../responses.js";
import type { RequestBody } from "../router.js";
import { agentsHandlers } from "./agents-routes.js";
import { artifactsHandlers } from "./artifacts-routes.js";
import { lookupsHandlers } from "./lookups-routes.js";
import { type AgentsHandlers, checkedInput, findOperation } from "./router.js";
import { runsHandlers } from "./runs-routes.js";
import { FakeStore } from "./store.js";
import { streamHandlers } from "./stream-route.js";

/** The Cloud Agents part of the fake: one handler per operation of the SDK's table, and the agents' state. */
export interface AgentsService {
  handle(request: Request, url: URL, body: RequestBody, now: number, streamFault?: StreamFault): Promise<Reply>;
  /** Forgets every agent and run. */
  reset(): void;
}

/** Creates the Cloud Agents part of the fake service. */
export function createAgentsService(options: ResolvedOptions, ids: IdSource): AgentsService {
  const store = new FakeStore();
  const handlers: AgentsHandlers = {
    ...agentsHandlers,
    ...runsHandlers,
    ...streamHandlers,
    ...artifactsHandlers,
    ...lookupsHandlers(options.now()),
  };
  return {
    async handle(request, url, body, now, streamFault) {
      const method = request.method.toUpperCase();
      try {
        const caller = authenticate(request, options.apiKeys, options.serviceAccountKeys);
        const match = findOperation(method, url.pathname);
        if ("allowed" in match) {
          if (match.allowed.length === 0)
            return errorReply(404, "not_implemented", `The fake service has no route ${method} ${url.pathname}.`);
          return errorReply(405, "not_implemented", `${url.pathname} does not accept ${method}.`, {
            allow: match.allowed.join(", "),
          });
        }
        const input = checkedInput(match.name, body, url.searchParams);
        const context = { request, params: match.params, ...input, caller, now, store, options, ids };
        return await handlers[match.name](streamFault ? { ...context, streamFault } : context);
      } catch (error) {
        if (error instanceof HttpFailure) return error.reply;
        throw error;
      }
    },
    reset: () => store.clear(),
  };
}
