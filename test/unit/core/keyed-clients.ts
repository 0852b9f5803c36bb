// Every client that holds a key (an API key, a private key), built with or without `dangerouslyAllowBrowser`: the
// table the browser-key tests sweep, in Node with page globals and in a real Chromium.
import { AdminClient, OrganizationClient } from "../../../src/admin/index.js";
import { AgentsClient } from "../../../src/agents/index.js";
import { AgentlineError } from "../../../src/core/errors.js";
import { ForgeApp } from "../../../src/forge/index.js";

/** The secret each keyed client is given. */
export interface KeyedSecrets {
  agents: string;
  team: string;
  organization: string;
  /** A PEM private key (imported lazily: the constructor never parses it). */
  forge: string;
}

/** A keyed client's name and constructor, taking the flag as given (the option absent when `undefined`). */
export type KeyedConstructor = [name: string, build: (flag?: boolean) => unknown];

/** Each keyed client's constructor. */
export function keyedClients(secrets: KeyedSecrets): KeyedConstructor[] {
  const baseUrl = "https://api.example";
  const flag = (value: boolean | undefined) => (value === undefined ? {} : { dangerouslyAllowBrowser: value });
  return [
    ["AgentsClient", (value) => new AgentsClient({ apiKey: secrets.agents, baseUrl, ...flag(value) })],
    ["AdminClient", (value) => new AdminClient({ apiKey: secrets.team, baseUrl, ...flag(value) })],
    [
      "OrganizationClient",
      (value) =>
        new OrganizationClient({ apiKey: secrets.organization, organizationId: "org_1", baseUrl, ...flag(value) }),
    ],
    ["ForgeApp", (value) => new ForgeApp({ appId: "app_1", privateKey: secrets.forge, baseUrl, ...flag(value) })],
  ];
}

/** "built", the AgentlineError's code, or "foreign: …" for anything else thrown. */
export function constructorOutcome(build: () => unknown): string {
  try {
    build();
    return "built";
  } catch (error) {
    return error instanceof AgentlineError ? error.code : `foreign: ${String(error)}`;
  }
}

/** The error `build` throws; fails the test when it throws none. */
export function constructorError(build: () => unknown): AgentlineError {
  try {
    build();
  } catch (error) {
    return error as AgentlineError;
  }
  throw new Error("expected the constructor to throw");
}
