import { describe, expect, it } from "vitest";
import { useValue } from "../../../adapters/react/index.js";
import { toReadable } from "../../../adapters/svelte/index.js";
import { useSignal } from "../../../adapters/vue/index.js";
import { computed } from "../../../src/reactive/index.js";

/** The AgentlineError an adapter throws for a wrong argument: `invalid_argument`, naming it. */
const refused = (name: string) =>
  expect.objectContaining({ code: "invalid_argument", message: expect.stringContaining(`\`${name}\``) });

describe("the adapters refuse wrong arguments at the call, naming them", () => {
  it("svelte toReadable: a source that is no signal, a subscriber or a schedule that is no function", () => {
    const count = computed(() => 1);
    expect(() => toReadable(undefined as never)).toThrow(refused("source"));
    expect(() => toReadable(count, 5 as never).subscribe(() => {})).toThrow(refused("schedule"));
    expect(() => toReadable(count).subscribe(5 as never)).toThrow(refused("subscriber"));
  });

  it("vue useSignal and react useValue: a source that is no signal (and useSignal a schedule that is no function)", () => {
    const count = computed(() => 1);
    expect(() => useSignal(undefined as never)).toThrow(refused("source"));
    expect(() => useSignal(count, 5 as never)).toThrow(refused("schedule"));
    // Checked before any hook runs, so outside a component too.
    expect(() => useValue(undefined as never)).toThrow(refused("source"));
  });
});
