// The fake forge's delivery engine: turns events into deliveries per subscribed app, sends attempts, retries
// failures on the documented schedule (driven by the fake clock through `runDue`), queues manual redeliveries
// and sends pings.
import { isObject } from "../../../core/arguments.js";
import { checkInput, expectFakeArgument, fakeArgumentError, TEXT_FIELD } from "../../argument-errors.js";
import type { Clock } from "../../clock.js";
import type { ForgeKeyring } from "../forge-keys.js";
import type { ForgeApp, ForgeInstallation, ForgeState } from "../state.js";
import {
  type DeliveryInstallation,
  type DeliveryRecord,
  deliveryStore,
  isVisible,
  RETRY_DELAYS_MS,
} from "./delivery-store.js";
import { appReference, eventBody, RESERVED_PAYLOAD_KEYS } from "./event-payloads.js";
import { sendAttempt, type WebhookReceiver } from "./send-attempt.js";

/** An event to deliver. Name where it happened: an installation, a repository, or (app-targeted) an app. */
export interface ForgeEventInput {
  /** E.g. `pull_request.created`; delivered to apps whose `events` include it. */
  type: string;
  /** One installation's app gets it (with the `webhook-installation-id` header). */
  installationId?: string | undefined;
  /** Every installation reaching this repository gets it (none for repositories mirrored in from upstream). */
  repositoryId?: string | undefined;
  /** Alone: an app-targeted event without installation; with the others: only this app's deliveries. */
  appId?: string | undefined;
  /** The event's own fields, sent at the top level of the body beside `id`, `type`, `createdAt`. */
  payload?: Readonly<Record<string, unknown>> | undefined;
}

/** What `POST /app/webhook/pings` answers. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations) */
export interface PingOutcome {
  deliveryId: string;
  eventId: string;
  delivered: boolean;
  responseStatusCode: number;
}

/** A redelivery outcome. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations) */
export type RedeliverOutcome = "queued" | "already_in_flight" | "not_found";

interface Target {
  app: ForgeApp;
  installation?: ForgeInstallation;
}

function fail(message: string): never {
  throw fakeArgumentError(`fake.forge.webhooks.emit: ${message}`);
}

function isLifecycle(type: string): boolean {
  return type.startsWith("installation.");
}

function targetsOf(state: ForgeState, input: ForgeEventInput): Target[] {
  const onlyApp = input.appId;
  if (onlyApp !== undefined && !state.apps.has(onlyApp)) fail(`no app ${onlyApp}.`);
  const ofApp = (installation: ForgeInstallation): Target[] => {
    const app = state.apps.get(installation.appId);
    if (!app || (onlyApp !== undefined && app.id !== onlyApp)) return [];
    // A suspended installation hears about its own lifecycle only.
    if (installation.suspendedAt !== undefined && !isLifecycle(input.type)) return [];
    return [{ app, installation }];
  };
  if (input.installationId !== undefined) {
    const installation = state.installations.get(input.installationId);
    if (!installation) fail(`no installation ${input.installationId}.`);
    if (onlyApp !== undefined && installation.appId !== onlyApp)
      fail(`installation ${installation.id} is not of app ${onlyApp}.`);
    return ofApp(installation);
  }
  if (input.repositoryId !== undefined) {
    const repo = state.repositories.find((candidate) => candidate.id === input.repositoryId);
    if (!repo) fail(`no repository ${input.repositoryId}.`);
    // Repositories mirrored in from the upstream provider send no forge webhooks.
    if (repo.mirror !== undefined && repo.mirror.status !== "outbound") return [];
    return [...state.installations.values()]
      .filter((installation) => state.installationRepositories(installation).includes(repo))
      .flatMap(ofApp);
  }
  if (onlyApp !== undefined) return [{ app: state.apps.get(onlyApp) as ForgeApp }];
  return fail("name the event's installationId, repositoryId or appId.");
}

const DELIVERERS = new WeakMap<ForgeState, WebhookDeliverer>();

/**
 * Emits a forge event: one delivery per subscribed app with a webhook address, each first attempt sent at
 * once. The deliveries exist when this returns (listable right away); the promise settles when the first
 * attempts have. Routes call it without awaiting (`void emitForgeEvent(context, …)`) to answer at once.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export function emitForgeEvent(
  target: ForgeState | { state: ForgeState },
  input: ForgeEventInput,
): Promise<DeliveryRecord[]> {
  const state = "state" in target ? target.state : target;
  return delivererOf(state).emit(state, input);
}

/**
 * Cancels an app's pending deliveries for good; call it where an app's `webhookUrl` is emptied (the engine
 * also skips attempts while the address is empty, but a restored address must not revive them).
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations)
 */
export function cancelPendingDeliveries(state: ForgeState, appId: string): void {
  deliveryStore(state).cancelPending(appId);
}

/** The engine a ForgeState is attached to (the forge service attaches every state it makes). */
export function delivererOf(state: ForgeState): WebhookDeliverer {
  const deliverer = DELIVERERS.get(state);
  if (!deliverer) throw new Error("fake.forge webhooks: this ForgeState is not attached to a deliverer.");
  return deliverer;
}

/** What the engine needs from the forge. */
export interface WebhookDelivererDependencies {
  now: Clock;
  keys: ForgeKeyring;
}

/** The delivery engine of one fake forge; its receiver outlives `fake.forge.reset()`. */
export class WebhookDeliverer {
  readonly #now: Clock;
  readonly #keys: ForgeKeyring;
  #receiver: WebhookReceiver | null = null;
  readonly #inFlight = new Set<Promise<boolean>>();

  constructor(deps: WebhookDelivererDependencies) {
    this.#now = deps.now;
    this.#keys = deps.keys;
  }

  /** Makes `emitForgeEvent(state, …)` deliver through this engine. */
  attach(state: ForgeState): void {
    DELIVERERS.set(state, this);
  }

  /** Routes deliveries to an in-process handler; `null` sends them with the global `fetch`. */
  setReceiver(receiver: WebhookReceiver | null): void {
    // Checked here, not at the next delivery, where a wrong receiver would only show as a failed attempt.
    expectFakeArgument(
      receiver === null || typeof receiver === "function",
      "fake.forge.webhooks.setReceiver: `receiver` must be a function (request) => Promise<Response>, or null for the global fetch.",
    );
    this.#receiver = receiver;
  }

  /** Every retained delivery of a state, oldest first. */
  records(state: ForgeState): DeliveryRecord[] {
    return deliveryStore(state).all(this.#now());
  }

  /** See {@link emitForgeEvent}. */
  emit(state: ForgeState, input: ForgeEventInput): Promise<DeliveryRecord[]> {
    checkInput(input, "input", "fake.forge.webhooks.emit", {
      installationId: TEXT_FIELD,
      repositoryId: TEXT_FIELD,
      appId: TEXT_FIELD,
      payload: [isObject, "an object of the event's fields"],
    });
    if (typeof input.type !== "string" || input.type === "") fail("an event needs a `type`.");
    if (input.type === "ping") fail("pings are sent by POST /app/webhook/pings and are never stored.");
    const payload = input.payload ?? {};
    const reserved = RESERVED_PAYLOAD_KEYS.find((key) => key in payload);
    if (reserved !== undefined) fail(`the payload may not set \`${reserved}\`; the envelope does.`);
    const subscribed = targetsOf(state, input).filter(
      ({ app }) => app.webhookUrl !== "" && app.events.includes(input.type),
    );
    const now = this.#now();
    const event = { id: state.newId("evt"), type: input.type };
    const store = deliveryStore(state);
    const records = subscribed.map(({ app, installation }) => {
      const reference: DeliveryInstallation | undefined = installation
        ? { id: installation.id, target: installation.target }
        : undefined;
      return store.add({
        id: state.newId("dlv"),
        appId: app.id,
        event,
        ...(reference ? { installation: reference, namespaceId: reference.target.id } : {}),
        createdAt: now,
        body: eventBody(event, now, reference, payload),
      });
    });
    return Promise.all(records.map((record) => this.#attempt(state, record))).then(() => records);
  }

  /**
   * Sends every attempt due at the fake clock's `now` (retries and queued redeliveries), waits for attempts
   * already in flight, and repeats while that made more due; resolves with the number of attempts sent.
   * Never call it from inside a receiver: it would wait for itself.
   */
  async runDue(state: ForgeState): Promise<number> {
    let sent = 0;
    for (;;) {
      const due = deliveryStore(state).due(this.#now());
      if (due.length > 0) {
        const results = await Promise.all(due.map((record) => this.#attempt(state, record)));
        sent += results.filter(Boolean).length;
      } else if (this.#inFlight.size > 0) {
        await Promise.all([...this.#inFlight]);
      } else {
        return sent;
      }
    }
  }

  /** Starts every due attempt without waiting (called at the start of each forge request). */
  startDue(state: ForgeState): void {
    for (const record of deliveryStore(state).due(this.#now())) this.#attempt(state, record).catch(() => {});
  }

  /** Queues manual attempts for the app's visible deliveries, in the order given. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations) */
  redeliver(
    state: ForgeState,
    appId: string,
    ids: readonly string[],
  ): Array<{ deliveryId: string; outcome: RedeliverOutcome }> {
    const now = this.#now();
    const store = deliveryStore(state);
    const queued: DeliveryRecord[] = [];
    const results = ids.map((deliveryId) => {
      const record = store.get(deliveryId, now);
      if (!record || record.appId !== appId || !isVisible(record, state, now))
        return { deliveryId, outcome: "not_found" as const };
      if (record.sending || record.manualQueuedAt !== undefined)
        return { deliveryId, outcome: "already_in_flight" as const };
      record.manualQueuedAt = now;
      queued.push(record);
      return { deliveryId, outcome: "queued" as const };
    });
    for (const record of queued) this.#attempt(state, record).catch(() => {});
    return results;
  }

  /** Sends one signed ping, once, and reports how it went; nothing is stored. */
  async ping(state: ForgeState, app: ForgeApp): Promise<PingOutcome> {
    const now = this.#now();
    const event = { id: state.newId("evt"), type: "ping" };
    const deliveryId = state.newId("dlv");
    const body = eventBody(event, now, undefined, { app: appReference(app) });
    const result = await sendAttempt(
      { url: app.webhookUrl, deliveryId, eventType: "ping", body },
      { now: this.#now, keys: this.#keys, receiver: this.#receiver },
    );
    return {
      deliveryId,
      eventId: event.id,
      delivered: result.delivered,
      responseStatusCode: result.responseStatusCode,
    };
  }

  // Marks the record as sending before any await, so a concurrent redeliver sees it in flight.
  #attempt(state: ForgeState, record: DeliveryRecord): Promise<boolean> {
    record.sending = true;
    const run = this.#send(state, record).finally(() => {
      record.sending = false;
      this.#inFlight.delete(run);
    });
    this.#inFlight.add(run);
    return run;
  }

  async #send(state: ForgeState, record: DeliveryRecord): Promise<boolean> {
    const manual = record.manualQueuedAt !== undefined;
    const dueAt = (manual ? record.manualQueuedAt : record.nextAutomaticAt) ?? this.#now();
    record.manualQueuedAt = undefined;
    const app = state.apps.get(record.appId);
    if (!app || app.webhookUrl === "") {
      // An emptied webhook address cancels pending deliveries for good.
      record.nextAutomaticAt = undefined;
      return false;
    }
    const result = await sendAttempt(
      {
        url: app.webhookUrl,
        deliveryId: record.id,
        eventType: record.event.type,
        installationId: record.installation?.id,
        body: record.body,
      },
      { now: this.#now, keys: this.#keys, receiver: this.#receiver },
    );
    const { delivered, ...attempt } = result;
    record.attempts.push({
      id: state.newId("att"),
      deliveryId: record.id,
      trigger: manual ? "manual" : "automatic",
      ...attempt,
    });
    if (!manual) record.automaticAttempts += 1;
    if (delivered) {
      record.deliveredAt ??= result.attemptedAt;
      record.nextAutomaticAt = undefined;
    } else if (!manual) {
      // Anchored to when the attempt was due, so a clock that jumps ahead catches up on every retry it passed.
      const delay = RETRY_DELAYS_MS[record.automaticAttempts - 1];
      record.nextAutomaticAt = delay === undefined ? undefined : dueAt + result.latencyMs + delay;
    }
    return true;
  }
}
