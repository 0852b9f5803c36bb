import { Component, type ReactNode, StrictMode } from "react";
import { describe, expect, it } from "vitest";
import { render } from "vitest-browser-react";
import * as adapter from "../../../adapters/react/index.js";
import { MutationApp } from "./components/MutationApp.js";
import { clientUses, mutationSuite, noClientProblems } from "./mutation-suite.js";

function Orphan(props: { use: () => unknown }) {
  props.use();
  return null;
}

/** Catches what a child throws while rendering, and hands it to `onError`. */
class Catch extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

describe("agentline/react mutation hooks in Chromium", () => {
  mutationSuite((props) => render(<MutationApp {...props} />));

  describe("through createAgentsRelay, with no key in the page", () => {
    mutationSuite((props) => render(<MutationApp {...props} />), "relay");
  });

  describe("in StrictMode", () => {
    mutationSuite((props) =>
      render(
        <StrictMode>
          <MutationApp {...props} />
        </StrictMode>,
      ),
    );
  });

  it("outside a provider, every hook that needs the client throws AgentlineError no_client naming itself", async () => {
    const failures: string[] = [];
    const uses = Object.entries(clientUses(adapter));
    for (const [name, use] of uses) {
      let caught: unknown;
      const original = console.error;
      console.error = () => {}; // React logs each caught render error
      try {
        const screen = await render(
          <Catch onError={(error) => (caught = error)}>
            <Orphan use={use} />
          </Catch>,
        );
        await screen.unmount();
      } finally {
        console.error = original;
      }
      failures.push(...noClientProblems(name, caught, "<AgentlineProvider client={client}>"));
    }
    expect(uses).toHaveLength(6);
    expect(failures).toEqual([]);
  });
});
