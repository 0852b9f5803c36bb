// The Worker that holds the shared stores' Durable Object classes, as an app deploys them (test/workerd/stores.test.ts
// binds its client Workers to them by script name). Built from dist/ like a deployment.
export { RateBudgetDurableObject } from "../../dist/admin.js";
export { TokenCacheDurableObject } from "../../dist/forge.js";

export default {
  fetch: () => new Response("the shared stores' Durable Objects live here", { status: 404 }),
};
