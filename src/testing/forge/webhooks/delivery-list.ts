// GET /app/webhook/deliveries: its filters, the delivery view, and keyset pages (newest first). Keyset tokens
// (the position of the last item) keep pages stable while new deliveries arrive at the front of the list.
import { parseRfc3339 } from "../../../forge/check-runs/timestamps.js";
import { FORGE_OPERATIONS } from "../../../forge/operations.js";
import { isoTime } from "../../clock.js";
import { base64UrlToText, textToBase64Url } from "../encoding.js";
import { invalidArgument } from "../errors.js";
import { type Page, readPageSize } from "../pagination.js";
import { queryObject } from "../query.js";
import { checkSchema } from "../repo-state.js";
import type { FakeForgeContext } from "../route.js";
import type { DeliveryRecord } from "./delivery-store.js";

/** The filters of the delivery list. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations) */
export interface DeliveryFilters {
  delivered?: boolean;
  eventType?: string;
  installationId?: string;
  createdAfter?: string;
  createdBefore?: string;
}

/** The validated filters of a list request (InvalidArgument naming the field otherwise). */
export function deliveryFilters(context: FakeForgeContext): DeliveryFilters {
  const query = queryObject(context.query, { booleans: ["delivered"] }) as Record<string, unknown>;
  const { pageSize: _size, pageToken: _token, ...filters } = query;
  checkSchema(FORGE_OPERATIONS["webhooks.deliveries.list"].query, filters, "delivery list query");
  const { delivered, eventType, installationId, createdAfter, createdBefore } = filters as DeliveryFilters;
  return { delivered, eventType, installationId, createdAfter, createdBefore };
}

/**
 * Whether a delivery passes the filters. `delivered=false` means never answered with a 2xx. The creation
 * window is half-open, `createdAfter <= createdAt < createdBefore`, so adjacent windows never overlap and
 * `createdAfter` set to an outage's start includes deliveries made in that very millisecond.
 */
export function matchesFilters(record: DeliveryRecord, filters: DeliveryFilters): boolean {
  const after = filters.createdAfter === undefined ? undefined : parseRfc3339(filters.createdAfter);
  const before = filters.createdBefore === undefined ? undefined : parseRfc3339(filters.createdBefore);
  return (
    (filters.delivered === undefined || filters.delivered === (record.deliveredAt !== undefined)) &&
    (filters.eventType === undefined || record.event.type === filters.eventType) &&
    (filters.installationId === undefined || record.installation?.id === filters.installationId) &&
    (after === undefined || record.createdAt >= after) &&
    (before === undefined || record.createdAt < before)
  );
}

/** A delivery as the list returns it; `latencyMs` is an int64, hence a string. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Webhook delivery) */
export function deliveryView(record: DeliveryRecord): Record<string, unknown> {
  const last = record.attempts.at(-1);
  const installation = record.installation;
  return {
    id: record.id,
    event: { id: record.event.id, type: record.event.type },
    ...(installation
      ? {
          installation: {
            id: installation.id,
            target: { slug: installation.target.slug, id: installation.target.id, type: installation.target.type },
          },
        }
      : {}),
    createdAt: isoTime(record.createdAt),
    ...(record.deliveredAt === undefined ? {} : { deliveredAt: isoTime(record.deliveredAt) }),
    ...(last
      ? {
          lastAttempt: {
            id: last.id,
            deliveryId: last.deliveryId,
            trigger: last.trigger,
            responseStatusCode: last.responseStatusCode,
            latencyMs: String(last.latencyMs),
            errorMessage: last.errorMessage,
            attemptedAt: isoTime(last.attemptedAt),
          },
        }
      : {}),
  };
}

interface Position {
  l: string;
  f: string;
  c: number;
  s: number;
}

function positionOf(token: string, list: string, filter: string): Position {
  let parsed: unknown;
  try {
    parsed = JSON.parse(base64UrlToText(token) ?? "");
  } catch {
    parsed = undefined;
  }
  const position = parsed as Partial<Position> | undefined;
  if (
    typeof position !== "object" ||
    position === null ||
    position.l !== list ||
    !Number.isFinite(position.c) ||
    !Number.isInteger(position.s)
  )
    throw invalidArgument("pageToken", "is not a token from a previous page of this list; omit it to start over.");
  if (position.f !== filter)
    throw invalidArgument("pageToken", "was issued for a different filter; omit it to restart after a filter change.");
  return position as Position;
}

/** One page of `newest` (sorted newest first) after the token's position. */
export function deliveryPage(
  newest: readonly DeliveryRecord[],
  query: URLSearchParams,
  list: string,
  filter: string,
): Page<DeliveryRecord> {
  // The same size rules as every other fake list.
  const size = readPageSize(query);
  const token = query.get("pageToken") ?? "";
  let rest = newest;
  if (token !== "") {
    const { c, s } = positionOf(token, list, filter);
    rest = newest.filter((record) => record.createdAt < c || (record.createdAt === c && record.sequence < s));
  }
  const items = rest.slice(0, size);
  const last = items.at(-1);
  const nextPageToken =
    rest.length > size && last
      ? textToBase64Url(JSON.stringify({ l: list, f: filter, c: last.createdAt, s: last.sequence }))
      : "";
  return { items, nextPageToken };
}
