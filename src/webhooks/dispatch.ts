import { expectArgument, isFunction, isObject, optional, optionsObject } from "../core/arguments.js";
import type { WebhookEventType } from "./event-schemas.js";
import { WEBHOOK_EVENT_TYPES } from "./event-types.js";
import type { WebhookEvent, WebhookEventOf } from "./events.js";

/** The Workers execution context, or anything with `waitUntil`. */
export interface ExecutionContextLike {
  waitUntil(promise: Promise<unknown>): void;
}

/** What a handler gets besides the event. */
export interface WebhookHandlerContext<Env = unknown> {
  /** The Worker's bindings (the handler's second argument), when given. */
  env: Env | undefined;
  /** The execution context (the handler's third argument), when given. */
  ctx: ExecutionContextLike | undefined;
  /** The delivery request (its body already read); absent when dispatching from a queue. */
  request: Request | undefined;
}

/** One handler per named event type, each receiving its own typed event (its type read from the signed body). @see {@link https://github.com/agentline/agentline#webhooks-at-the-edge-agentlinewebhooks | README: Webhooks at the edge} (spec: Code Forge API § Events) */
export type WebhookHandlers<Env = unknown> = {
  [K in WebhookEventType]?: (event: WebhookEventOf<K>, context: WebhookHandlerContext<Env>) => unknown;
};

/** Handlers for the named types, and one for everything else (unknown types, payloads that broke a named field). */
export interface WebhookDispatchTable<Env = unknown> {
  /** One handler per named event type. */
  on?: WebhookHandlers<Env> | undefined;
  /**
   * Every event without a handler in `on`: unknown types, payloads that broke a named field (`issues` set), named
   * types left out, and types only the unsigned header names (`typeSource: "header"`, never sent to `on`).
   */
  onUnhandled?: ((event: WebhookEvent, context: WebhookHandlerContext<Env>) => unknown) | undefined;
}

/** Checks a dispatch table (`on`, `onUnhandled`), named as the caller's argument (`table`, `options`). */
export function checkDispatchTable(table: WebhookDispatchTable<never>, name: string): void {
  optionsObject(table, name);
  expectArgument(optional(table.on, isObject), `${name}.on`, "an object of handlers by event type");
  for (const [type, handler] of Object.entries(table.on ?? {})) {
    // A key the spec does not name (a typo, GitHub's `pull_request.opened`) would never run.
    const shown = /^[a-z_.]{1,64}$/.test(type) ? `"${type}"` : `<a key of ${type.length} characters>`;
    expectArgument(
      (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type),
      `${name}.on[${shown}]`,
      "keyed by an event type the spec names (WEBHOOK_EVENT_TYPES); other types reach `onUnhandled`",
    );
    expectArgument(optional(handler, isFunction), `${name}.on.${type}`, "a function (event, context) => unknown");
  }
  expectArgument(
    optional(table.onUnhandled, isFunction),
    `${name}.onUnhandled`,
    "a function (event, context) => unknown",
  );
}

/**
 * Runs the handler of an event's type (or `onUnhandled`) and resolves when it is done; a handler's failure
 * rejects. Use it in a queue consumer to run the events that `createWebhookHandler({ queue })` sent.
 */
export async function dispatchWebhookEvent<Env = unknown>(
  event: WebhookEvent,
  table: WebhookDispatchTable<Env>,
  context: Partial<WebhookHandlerContext<Env>> = {},
): Promise<void> {
  expectArgument(
    isObject(event) && typeof event.type === "string",
    "event",
    "a WebhookEvent (from the handler or a queue)",
  );
  checkDispatchTable(table as WebhookDispatchTable<never>, "table");
  optionsObject(context, "context", false);
  const full: WebhookHandlerContext<Env> = { env: context.env, ctx: context.ctx, request: context.request };
  const handler = event.known
    ? (table.on?.[event.type] as ((event: WebhookEvent, context: WebhookHandlerContext<Env>) => unknown) | undefined)
    : undefined;
  if (handler) await handler(event, full);
  else await table.onUnhandled?.(event, full);
}
