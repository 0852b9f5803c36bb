import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { ForgeFailure, invalidArgument } from "./errors.js";
import type { ForgeContext, ForgeRoute } from "./route.js";
import { type ForgeApp, MAX_ACTIVE_APP_KEYS, signingKeyFromPem } from "./state.js";

const SETTINGS_WRITE = "app:settings:write";

function appOf(context: ForgeContext): ForgeApp {
  const id = context.params.appId ?? "";
  const app = context.state.apps.get(id);
  if (!app) throw new ForgeFailure("NotFound", `App ${id} was not found.`);
  return app;
}

function publicKeyField(context: ForgeContext): string {
  const { body } = context;
  if (body.kind === "invalid") throw invalidArgument("body", "is not valid JSON.");
  const value = body.kind === "json" ? body.value : undefined;
  const publicKey =
    typeof value === "object" && value !== null ? (value as Record<string, unknown>).publicKey : undefined;
  if (typeof publicKey !== "string" || publicKey.trim() === "")
    throw invalidArgument("publicKey", "is required: the app's Ed25519 public key as PEM SPKI (BEGIN PUBLIC KEY).");
  return publicKey;
}

/** Registering and removing an app's signing keys (user credential). @see ../../../../shared/spec/forge-api.md#fully-described-operations */
export const signingKeyRoutes: readonly ForgeRoute[] = [
  {
    method: "POST",
    pattern: "/apps/:appId/signing_keys",
    credential: ["user"],
    scope: SETTINGS_WRITE,
    cost: 5,
    handle: async (context) => {
      const app = appOf(context);
      const key = signingKeyFromPem(publicKeyField(context), context.now);
      if (!key)
        throw invalidArgument(
          "publicKey",
          "must be an Ed25519 public key in PEM SPKI form (-----BEGIN PUBLIC KEY-----).",
        );
      if (context.state.findKeyByDer(app, key.der))
        throw new ForgeFailure("AlreadyExists", `This key is already an active signing key of app ${app.id}.`);
      if (app.keys.length >= MAX_ACTIVE_APP_KEYS)
        throw new ForgeFailure(
          "FailedPrecondition",
          `App ${app.id} already has ${MAX_ACTIVE_APP_KEYS} active signing keys; delete one before adding another.`,
        );
      app.keys.push(key);
      app.updatedAt = context.now;
      return reply({ kid: await key.kid(), publicKey: key.pem, createdAt: isoTime(key.createdAt) });
    },
  },
  {
    method: "DELETE",
    pattern: "/apps/:appId/signing_keys/:kid",
    credential: ["user"],
    scope: SETTINGS_WRITE,
    cost: 5,
    handle: async (context) => {
      const app = appOf(context);
      const keys = [...app.keys];
      const kids = await Promise.all(keys.map((key) => key.kid()));
      const target = keys[kids.indexOf(context.params.kid ?? "")];
      // Re-checked after the await: a concurrent delete may have removed it meanwhile.
      const index = target ? app.keys.indexOf(target) : -1;
      if (index < 0)
        throw new ForgeFailure("NotFound", `App ${app.id} has no active signing key ${context.params.kid}.`);
      if (app.keys.length === 1)
        throw new ForgeFailure(
          "FailedPrecondition",
          `Key ${context.params.kid} is the last active signing key of app ${app.id}; register another first.`,
        );
      app.keys.splice(index, 1);
      app.updatedAt = context.now;
      return { status: 204 };
    },
  },
];
