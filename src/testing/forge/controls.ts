import type { ForgeSigningKey } from "./forge-keys.js";
import type { FakeForgeMirrors } from "./mirror-routes.js";
import type { ForgeInstallationOptions } from "./options.js";
import type { ForgePrincipalStats } from "./rate-limit.js";
import type { ForgeState } from "./state.js";
import type { FakeForgeWebhooks } from "./webhooks/controls.js";
import type { CommentReactionInput } from "./webhooks/reaction-events.js";

/** What `fake.forge.registerApp` takes. */
export interface RegisterForgeAppInput {
  appId?: string;
  /** PEM SPKI Ed25519; the app's first signing key. Without it the app cannot authenticate yet. */
  publicKeyPem?: string;
  webhookUrl?: string;
  /** Subscribed event types (deliveries need these and a `webhookUrl`). Default none. */
  events?: string[];
  displayName?: string;
  /** The installation made with the app: options, or `false` for none. Default one on all repositories. */
  install?: Omit<ForgeInstallationOptions, "appId"> | false;
}

/** `fake.forge`: the Code Forge half of the fake, its seeded data and controls. */
export interface FakeForge {
  /** `{baseUrl}/v1/forge`: the `iss` of receipts and the discovery issuer. */
  readonly issuer: string;
  /** The in-memory data (namespace, repositories, apps, installations, tokens); mutate with care. */
  readonly state: ForgeState;
  /** Registers an app (and, unless `install: false`, installs it on the namespace). */
  registerApp(input?: RegisterForgeAppInput): { appId: string; installationId?: string };
  /** Installs an app on the seeded namespace. */
  createInstallation(input: ForgeInstallationOptions & { appId: string }): { installationId: string };
  /** Suspends an installation: no new tokens (FailedPrecondition), issued ones answer 403. */
  suspendInstallation(installationId: string): void;
  /** Lifts a suspension. */
  unsuspendInstallation(installationId: string): void;
  /** Removes an installation as a namespace admin would; its tokens answer 401 at once. */
  deleteInstallation(installationId: string): void;
  /** Points per principal (`app:<id>`, `installation:<id>`, `user:<id>`) in the current window and overall. */
  readonly stats: Record<string, ForgePrincipalStats>;
  /** The forge's own published Ed25519 keys, current first (generated on first use). */
  signingKeys(): Promise<ForgeSigningKey[]>;
  /** Makes a new current key; the previous one stays published until the next rotation. */
  rotateKeys(): Promise<ForgeSigningKey[]>;
  /** A receipt JWT as the installation callback receives it, signed by the current key. */
  issueInstallationReceipt(input: { appId: string; installationId: string; state?: string }): Promise<string>;
  /** Webhook deliveries: the receiver, emitting events, the clock-driven retries, the delivery records. */
  readonly webhooks: FakeForgeWebhooks;
  /**
   * Reacts to a pull request comment as a person in the forge's UI would (the spec has no reaction operation) and
   * delivers `pull_request.comment.reaction.added` / `.removed`; resolves when the first attempts have settled.
   */
  react(input: CommentReactionInput): Promise<void>;
  /** Mirrored repositories: seed one, fail its next transition job, move its upstream. */
  readonly mirrors: FakeForgeMirrors;
  /** Re-seeds the data and forgets tokens and rate windows; the forge keys stay. */
  reset(): void;
}
