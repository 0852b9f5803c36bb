// A client Worker of the shared-store test (test/workerd/stores.test.ts): several copies run as separate Workers, each
// its own isolate, bound to the same Durable Objects. Each request is a job from the driver: Admin API calls on the
// shared DurableObjectRateBudgetStore (or, for the negative control, a MemoryRateBudgetStore of this isolate's own),
// or an installation token through the shared DurableObjectTokenCache. Built from dist/ like a deployment.
import {
  AdminClient,
  DurableObjectRateBudgetStore,
  MemoryRateBudgetStore,
  OrganizationClient,
} from "../../dist/admin.js";
import { DurableObjectTokenCache, ForgeApp } from "../../dist/forge.js";
import { runAdminJob } from "../shared/stores-isolate.ts";

// This isolate's own store, kept across requests (the negative control): workerd allows no I/O at the top level,
// so it is made on first use.
let isolateStore;

export default {
  async fetch(request, env) {
    const job = await request.json();
    if (job.kind === "admin") {
      isolateStore ??= new MemoryRateBudgetStore();
      const store = job.store === "memory" ? isolateStore : new DurableObjectRateBudgetStore(env.RATE_BUDGETS);
      return Response.json(await runAdminJob(job, { AdminClient, OrganizationClient }, store));
    }
    // kind "token": this isolate's own ForgeApp, sharing minted tokens through the Durable Object.
    const now = () => job.now;
    const app = new ForgeApp({
      appId: job.appId,
      privateKey: job.privateKey,
      baseUrl: job.baseUrl,
      now,
      tokenCache: new DurableObjectTokenCache(env.TOKEN_CACHE, { now }),
    });
    const token = await app.installationToken(job.installationId);
    // A digest, not the token: what the driver compares needs no secret in a response body.
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token.token));
    return Response.json({ digest: [...new Uint8Array(digest)].join(","), expiresAt: token.expiresAt });
  },
};
