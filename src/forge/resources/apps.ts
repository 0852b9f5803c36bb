import { requireClientContext } from "../../core/arguments.js";
import { callOperation } from "../../core/operation.js";
import type { CallOptions } from "../../core/options.js";
import { isPlainObject } from "../../core/validation.js";
import type { ForgeContext } from "../forge-context.js";
import type { SigningKeyParams, UpdateAppParams } from "../schemas/app-requests.js";

/**
 * What `apps.update` accepts. The three list fields replace the stored list whole; pass them as plain
 * arrays (`events: ["ping"]`, `[]` clears) and the SDK wraps them as the wire wants
 * (`events: { events: [...] }`, `installationRedirectUris: { installationRedirectUris: [...] }`,
 * `defaultScopes: { scopes: [...] }`). The wire form is accepted too.
 * @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations)
 */
export type AppPatch = Omit<UpdateAppParams, "events" | "installationRedirectUris" | "defaultScopes"> & {
  events?: string[] | { events: string[] } | undefined;
  installationRedirectUris?: string[] | { installationRedirectUris: string[] } | undefined;
  defaultScopes?: string[] | { scopes: string[] } | undefined;
};

// The key inside each clean-replace wrapper.
const WRAPPER_KEYS = {
  events: "events",
  installationRedirectUris: "installationRedirectUris",
  defaultScopes: "scopes",
} as const;

/**
 * The wire body of PATCH /apps/{appId}: each list field given as a plain array is wrapped
 * (`defaultScopes: [...]` becomes `defaultScopes: { scopes: [...] }`); everything else is left for the
 * validator to judge. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations)
 */
function wrapAppPatch(patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const body: Record<string, unknown> = { ...patch };
  for (const [field, key] of Object.entries(WRAPPER_KEYS)) {
    const value = body[field];
    if (Array.isArray(value)) body[field] = { [key]: value };
  }
  return body;
}

/** An app's Ed25519 signing keys (user credential with app:settings:write). @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export class SigningKeysResource {
  readonly #context: ForgeContext;
  constructor(context: ForgeContext) {
    requireClientContext(context, "SigningKeysResource");
    this.#context = context;
  }

  /**
   * Registers a PEM SPKI Ed25519 public key (keep the private key with the app); answers `{ kid }`, the
   * base64url SHA-256 of the key's SPKI DER (see `computeKeyId`). Already registered: 409; an 11th active key: 400.
   */
  create(appId: string, key: SigningKeyParams, options?: CallOptions) {
    return callOperation(this.#context, "apps.signingKeys.create", { params: { appId }, body: key, options });
  }

  /** Revokes a key (204): JWTs it signs stop authenticating. Revoking the last active key: 400. */
  delete(appId: string, kid: string, options?: CallOptions) {
    return callOperation(this.#context, "apps.signingKeys.delete", { params: { appId, kid }, options });
  }
}

/** Apps by id, managed with a user credential. @see {@link https://github.com/agentline/agentline#code-forge-agentlineforge | README: Code Forge} (spec: Code Forge API § Fully described operations) */
export class AppsResource {
  readonly #context: ForgeContext;
  /** Registering and revoking the app's signing keys. */
  readonly signingKeys: SigningKeysResource;
  constructor(context: ForgeContext) {
    requireClientContext(context, "AppsResource");
    this.#context = context;
    this.signingKeys = new SigningKeysResource(context);
  }

  /** One app (needs namespace:apps:read on the owning namespace; costs 1). */
  get(appId: string, options?: CallOptions) {
    return callOperation(this.#context, "apps.get", { params: { appId }, options });
  }

  /**
   * Changes an app's settings (needs app:settings:write; costs 5). At least one field; `webhookUrl: ""`
   * turns webhook delivery off and cancels pending deliveries for good. List fields are plain arrays that
   * replace the stored list (see {@link AppPatch}).
   */
  update(appId: string, patch: AppPatch, options?: CallOptions) {
    return callOperation(this.#context, "apps.update", { params: { appId }, body: wrapAppPatch(patch), options });
  }
}
