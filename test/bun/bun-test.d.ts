// The one part of `bun:test` the Bun runner uses, for tsc; Bun itself ships the full types (@types/bun, not installed).
declare module "bun:test" {
  export function test(name: string, fn: () => Promise<void>): void;
}
