import { FORGE_OPERATIONS } from "../../forge/operations.js";
import { isoTime } from "../clock.js";
import { reply } from "../responses.js";
import { appOf } from "./app-management-routes.js";
import { ForgeFailure, invalidArgument } from "./errors.js";
import { checkSchema, objectBody } from "./repo-state.js";
import { type FakeForgeRoute, operationRoute } from "./route.js";
import { MAX_ACTIVE_APP_KEYS, signingKeyFromPem } from "./state.js";

/** Registering and removing an app's signing keys (user credential). @see {@link https://github.com/agentline/agentline#the-fake-service-agentlinetesting | README: The fake service} (spec: Code Forge API § Fully described operations) */
export const signingKeyRoutes: readonly FakeForgeRoute[] = [
  operationRoute("apps.signingKeys.create", async (context) => {
    const app = appOf(context);
    const body = objectBody(context);
    checkSchema(FORGE_OPERATIONS["apps.signingKeys.create"].body, body, "signing key");
    const key = signingKeyFromPem(body.publicKey as string, context.now);
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
  }),
  operationRoute("apps.signingKeys.delete", async (context) => {
    const app = appOf(context);
    const keys = [...app.keys];
    const kids = await Promise.all(keys.map((key) => key.kid()));
    const target = keys[kids.indexOf(context.params.kid ?? "")];
    // Re-checked after the await: a concurrent delete may have removed it meanwhile.
    const index = target ? app.keys.indexOf(target) : -1;
    if (index < 0) throw new ForgeFailure("NotFound", `App ${app.id} has no active signing key ${context.params.kid}.`);
    if (app.keys.length === 1)
      throw new ForgeFailure(
        "FailedPrecondition",
        `Key ${context.params.kid} is the last active signing key of app ${app.id}; register another first.`,
      );
    app.keys.splice(index, 1);
    app.updatedAt = context.now;
    return { status: 204 };
  }),
];
