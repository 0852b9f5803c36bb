import type { ForgeState } from "../state.js";
import type { ForgeEventInput, WebhookDeliverer } from "./deliverer.js";
import type { DeliveryAttempt, DeliveryRecord } from "./delivery-store.js";
import type { WebhookReceiver } from "./send-attempt.js";

/** A delivery as `fake.forge.webhooks.deliveries()` shows it (fake-clock ms), with every attempt. */
export interface ForgeWebhookDelivery {
  id: string;
  appId: string;
  eventId: string;
  eventType: string;
  /** Absent for app-targeted events (installation.deleted). */
  installationId?: string;
  createdAt: number;
  /** The first 2xx; absent while never delivered. */
  deliveredAt?: number;
  /** The exact body every attempt sent. */
  body: string;
  /** Oldest first. */
  attempts: DeliveryAttempt[];
  /** When the next automatic retry is due; absent when none is pending. */
  nextAttemptAt?: number;
}

/**
 * `fake.forge.webhooks`: where deliveries go, and the clock-driven retry loop.
 * @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Events)
 */
export interface FakeForgeWebhooks {
  /** Sends deliveries to an in-process handler instead of the network; `null` (default) uses global `fetch`. */
  setReceiver(receiver: WebhookReceiver | null): void;
  /** Emits any event; resolves when the first attempts have settled. */
  emit(input: ForgeEventInput): Promise<ForgeWebhookDelivery[]>;
  /**
   * Sends every attempt due at the fake clock (retries 5 s, 5 s, 30 s, 1, 2, 4 and 8 min after each failure;
   * queued redeliveries) and waits for attempts in flight; resolves with how many were sent. Forge requests
   * start due attempts too, without waiting. Do not call it from inside the receiver.
   */
  runDue(): Promise<number>;
  /** Every retained delivery (also those no longer listed to their app), oldest first; pings are not kept. */
  deliveries(): ForgeWebhookDelivery[];
}

function snapshot(record: DeliveryRecord): ForgeWebhookDelivery {
  return {
    id: record.id,
    appId: record.appId,
    eventId: record.event.id,
    eventType: record.event.type,
    ...(record.installation ? { installationId: record.installation.id } : {}),
    createdAt: record.createdAt,
    ...(record.deliveredAt === undefined ? {} : { deliveredAt: record.deliveredAt }),
    body: record.body,
    attempts: record.attempts.map((attempt) => ({ ...attempt })),
    ...(record.nextAutomaticAt === undefined ? {} : { nextAttemptAt: record.nextAutomaticAt }),
  };
}

/** The controls over one deliverer and the forge's current state. */
export function createWebhookControls(deliverer: WebhookDeliverer, state: () => ForgeState): FakeForgeWebhooks {
  return {
    setReceiver: (receiver) => deliverer.setReceiver(receiver),
    emit: async (input) => (await deliverer.emit(state(), input)).map(snapshot),
    runDue: () => deliverer.runDue(state()),
    deliveries: () => deliverer.records(state()).map(snapshot),
  };
}
