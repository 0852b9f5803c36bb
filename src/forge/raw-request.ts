import { ApiPromise } from "../core/api-promise.js";
import { ValidationError } from "../core/errors.js";
import { isIdempotent, sendWithPolicy } from "../core/operation.js";
import { checkRawRequest, type RawRequest, rawRequestSpec } from "../core/raw-request.js";
import { matchRoute } from "../core/route-match.js";
import type { ForgeContext } from "./forge-context.js";
import type { ForgeOperation } from "./operations/entry.js";

/** The methods that only read: an unknown route costs 1 point with one of them ("most reads"), else 5. */
const READS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** {@link RawRequest} on a forge client: `path` is below the forge prefix (`/repos/acme/widgets/labels`). */
export interface ForgeRawRequest<T = unknown> extends RawRequest<T> {
  /** Points this call spends from the principal's budget. Default: the known operation's cost, else 1 for reads, 5 for writes. */
  points?: number | undefined;
}

/**
 * `request()` of `ForgeClient` and `ForgeApp`: the known operation's points and retry class when the path names one
 * (a merge is repeated only with `expectedHeadSha`) and credential rule, the caller's `points` otherwise; bearer auth,
 * `x-request-id`, a fresh credential after a 401, and the points budget, as for every forge call.
 */
export function forgeRequest<T>(context: ForgeContext, request: ForgeRawRequest<T>): ApiPromise<T> {
  return ApiPromise.deferred((raw) => {
    const checked = checkRawRequest(request);
    const { points } = request;
    if (points !== undefined && !(Number.isInteger(points) && points >= 0)) {
      throw new ValidationError([{ path: "points", rule: "integer", message: "must be an integer >= 0" }], {
        context: "request",
      });
    }
    const known: ForgeOperation | undefined = matchRoute(
      context.operations,
      checked.method,
      checked.path,
      context.policy.placeholders,
    );
    // A known route's credential rule, as for its method: refused before the network (and its points) when this
    // client's credential cannot call it, with the hint which client can. Open routes (no credential) pass.
    if (known && known.credentials.length > 0) context.policy.admit?.(known, "request");
    const knownIdempotent = known ? isIdempotent(known, request.body) : undefined;
    const cost = points ?? known?.cost ?? (READS.has(checked.method) ? 1 : 5);
    const spec = rawRequestSpec(checked, raw, knownIdempotent);
    const { policy } = context;
    const entry: ForgeOperation = { method: "GET", path: checked.path, credentials: [], cost };
    return sendWithPolicy(context.transport, policy, entry, "request", {
      ...spec,
      path: (policy.prefix ?? "") + spec.path,
    });
  });
}
