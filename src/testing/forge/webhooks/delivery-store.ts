// The fake forge's webhook deliveries: one record per (event, app), its attempts, and when the next is due.
// Records live beside a ForgeState (a WeakMap, like repository data), so `fake.forge.reset()` forgets them.
import type { ForgeNamespace, ForgeState } from "../state.js";

/** How long deliveries stay listable and redeliverable. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Other constants) */
export const DELIVERY_RETENTION_MS = 7 * 86_400_000;

/** The time one attempt may take (DNS, connect, TLS and response). @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Other constants) */
export const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * Delays before the seven automatic retries, each counted from the previous failure. The spec says the first
 * retry comes 5 s after the failure, lists six delays (5 s, 30 s, 1 min, 2 min, 4 min, 8 min) and puts the
 * whole schedule in "roughly a 16-minute window". Read as the first retry followed by the six listed delays,
 * the seventh retry lands 15 min 40 s after the first failure (8 attempts in all), which is that window; any
 * extra delay for a seventh would overrun it. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export const RETRY_DELAYS_MS: readonly number[] = [5_000, 5_000, 30_000, 60_000, 120_000, 240_000, 480_000];

/** What started an attempt. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Webhook delivery) */
export type AttemptTrigger = "automatic" | "manual";

/** One attempt to send a delivery. @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Webhook delivery) */
export interface DeliveryAttempt {
  id: string;
  deliveryId: string;
  trigger: AttemptTrigger;
  /** 0 when no response arrived (transport error or timeout). */
  responseStatusCode: number;
  latencyMs: number;
  /** Empty when the receiver answered (its status says the rest). */
  errorMessage: string;
  /** Fake-clock ms when the attempt was sent. */
  attemptedAt: number;
}

/** The installation a delivery belongs to; absent for app-targeted lifecycle events. */
export interface DeliveryInstallation {
  id: string;
  target: ForgeNamespace;
}

/** One webhook delivery of the fake forge (fake-clock ms timestamps). */
export interface DeliveryRecord {
  id: string;
  appId: string;
  event: { id: string; type: string };
  installation?: DeliveryInstallation;
  /** The namespace whose installation makes the delivery visible; absent for app-targeted events. */
  namespaceId?: string;
  createdAt: number;
  deliveredAt?: number;
  /** The exact JSON body, sent unchanged on every attempt. */
  body: string;
  attempts: DeliveryAttempt[];
  /** Automatic attempts made so far (the first send and its retries). */
  automaticAttempts: number;
  /** When the next automatic attempt is due; absent once delivered, exhausted or cancelled. */
  nextAutomaticAt?: number;
  /** When a manual redelivery was queued; absent when none waits. */
  manualQueuedAt?: number;
  /** An attempt is being sent right now. */
  sending: boolean;
  /** Insertion order, the tie-break of "newest first" on a frozen clock. */
  sequence: number;
}

/** What a new delivery needs. */
export type NewDelivery = Pick<DeliveryRecord, "id" | "appId" | "event" | "body" | "createdAt"> & {
  installation?: DeliveryInstallation;
  namespaceId?: string;
};

/** The deliveries of one ForgeState, oldest first. */
export class DeliveryStore {
  readonly #records: DeliveryRecord[] = [];
  #sequence = 0;

  /** Stores a delivery whose first automatic attempt is due at once. */
  add(input: NewDelivery): DeliveryRecord {
    this.#sequence += 1;
    const record: DeliveryRecord = {
      ...input,
      attempts: [],
      automaticAttempts: 0,
      nextAutomaticAt: input.createdAt,
      sending: false,
      sequence: this.#sequence,
    };
    this.#records.push(record);
    return record;
  }

  /** Every record still retained at `now`, oldest first (older ones are dropped for good). */
  all(now: number): DeliveryRecord[] {
    const cutoff = now - DELIVERY_RETENTION_MS;
    for (let i = this.#records.length - 1; i >= 0; i--) {
      const record = this.#records[i] as DeliveryRecord;
      if (record.createdAt <= cutoff && !isPending(record)) this.#records.splice(i, 1);
    }
    return [...this.#records];
  }

  /** A retained record by id. */
  get(id: string, now: number): DeliveryRecord | undefined {
    return this.all(now).find((record) => record.id === id);
  }

  /** Drops every pending attempt (retries and queued redeliveries) of an app's deliveries. */
  cancelPending(appId: string): void {
    for (const record of this.#records) {
      if (record.appId !== appId) continue;
      delete record.nextAutomaticAt;
      delete record.manualQueuedAt;
    }
  }

  /** Records with an attempt due at `now` that is not being sent already. */
  due(now: number): DeliveryRecord[] {
    return this.all(now).filter(
      (record) =>
        !record.sending &&
        (record.manualQueuedAt !== undefined ||
          (record.nextAutomaticAt !== undefined && record.nextAutomaticAt <= now)),
    );
  }
}

function isPending(record: DeliveryRecord): boolean {
  return record.sending || record.manualQueuedAt !== undefined || record.nextAutomaticAt !== undefined;
}

/** Whether a retained delivery is listed to its app: within seven days, and while the app is installed in its namespace. */
export function isVisible(record: DeliveryRecord, state: ForgeState, now: number): boolean {
  if (record.createdAt <= now - DELIVERY_RETENTION_MS) return false;
  // App-targeted lifecycle events (installation.deleted after the uninstall) stay visible.
  if (record.namespaceId === undefined) return true;
  for (const installation of state.installations.values())
    if (installation.appId === record.appId && installation.target.id === record.namespaceId) return true;
  return false;
}

/** Newest first: by creation time, then by insertion order. */
export function newestFirst(a: DeliveryRecord, b: DeliveryRecord): number {
  return b.createdAt - a.createdAt || b.sequence - a.sequence;
}

const STORES = new WeakMap<ForgeState, DeliveryStore>();

/** The delivery store of a ForgeState, made on first use. */
export function deliveryStore(state: ForgeState): DeliveryStore {
  let store = STORES.get(state);
  if (!store) {
    store = new DeliveryStore();
    STORES.set(state, store);
  }
  return store;
}
