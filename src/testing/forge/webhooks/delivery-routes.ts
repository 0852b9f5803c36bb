// The app's webhook operations: list deliveries, batch redeliver, ping. App JWT only, at the SDK routes
// table's paths and point costs.

import type { ForgeOperationName } from "../../../forge/operations.js";
import { FORGE_LIMITS } from "../../../forge/schemas/limits.js";
import { type Reply, reply } from "../../responses.js";
import { type FieldViolation, ForgeFailure, invalidArgument } from "../errors.js";
import { objectBody } from "../repo-state.js";
import { type FakeForgeContext, type FakeForgeRoute, operationRoute, principalOf } from "../route.js";
import type { ForgeApp } from "../state.js";
import { delivererOf } from "./deliverer.js";
import { deliveryFilters, deliveryPage, deliveryView, matchesFilters } from "./delivery-list.js";
import { deliveryStore, isVisible, newestFirst } from "./delivery-store.js";

type AppHandler = (context: FakeForgeContext, app: ForgeApp) => Reply | Promise<Reply>;

/** An app-JWT route served at the SDK route table's path, credentials and cost. */
function appTableRoute(name: ForgeOperationName, handle: AppHandler): FakeForgeRoute {
  return operationRoute(name, (context) => handle(context, principalOf(context, "app").app));
}

function requireWebhookUrl(app: ForgeApp, operation: string): void {
  if (app.webhookUrl === "")
    throw new ForgeFailure("FailedPrecondition", `${operation}: app ${app.id} has no webhookUrl; set one first.`);
}

/**
 * The ids of a batch redeliver body: a required array of 1..100 non-empty strings; repeats are dropped,
 * first-seen order kept. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations)
 */
function redeliverIds(context: FakeForgeContext): string[] {
  const ids = objectBody(context).deliveryIds;
  if (ids === undefined) throw invalidArgument("deliveryIds", "is required.");
  if (!Array.isArray(ids)) throw invalidArgument("deliveryIds", "must be an array of delivery ids.");
  const { minRedeliverIds: min, maxRedeliverIds: max } = FORGE_LIMITS;
  if (ids.length < min || ids.length > max)
    throw invalidArgument("deliveryIds", `must hold ${min} to ${max} ids; got ${ids.length}.`);
  const violations: FieldViolation[] = [];
  ids.forEach((id, index) => {
    if (typeof id !== "string" || id === "")
      violations.push({ field: `deliveryIds[${index}]`, description: "must be a non-empty delivery id." });
  });
  const first = violations[0];
  if (first) throw new ForgeFailure("InvalidArgument", `${first.field}: ${first.description}`, violations);
  return [...new Set(ids as string[])];
}

/** `GET /app/webhook/deliveries`, `POST …:batchRedeliver`, `POST /app/webhook/pings`. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations) */
export const webhookDeliveryRoutes: readonly FakeForgeRoute[] = [
  appTableRoute("webhooks.deliveries.list", (context, app) => {
    const filters = deliveryFilters(context);
    const { state, now } = context;
    const listed = deliveryStore(state)
      .all(now)
      .filter((record) => record.appId === app.id && isVisible(record, state, now) && matchesFilters(record, filters))
      .sort(newestFirst);
    const page = deliveryPage(listed, context.query, `deliveries:${app.id}`, JSON.stringify(filters));
    return reply({ deliveries: page.items.map(deliveryView), nextPageToken: page.nextPageToken });
  }),
  appTableRoute("webhooks.redeliver", (context, app) => {
    const ids = redeliverIds(context);
    requireWebhookUrl(app, "Redeliver");
    return reply({ results: delivererOf(context.state).redeliver(context.state, app.id, ids) }, 202);
  }),
  appTableRoute("webhooks.ping", async (context, app) => {
    objectBody(context);
    requireWebhookUrl(app, "Ping");
    return reply(await delivererOf(context.state).ping(context.state, app));
  }),
];
