// The front door: each API's client, and the errors and helpers they share.
export * from "./agents/index.js";
export * from "./core/public.js";
