// The fake forge: `fake`, an app's public key, and a handler that records what it receives.
// biome-ignore-all lint/correctness/noUnusedVariables: the README block that follows this setup uses them.
import { generateAppKeyPair as setupGenerateAppKeyPair } from "agentline/forge";
import { createFakeService as setupCreateFakeService } from "agentline/testing";
import { expectAfterSnippet } from "../network.js";

const fake = setupCreateFakeService();
const { publicKey: publicKeyPem } = await setupGenerateAppKeyPair();
const received: string[] = [];
async function myHandler(request: Request): Promise<Response> {
  received.push(request.headers.get("webhook-event-type") ?? "");
  return new Response(null, { status: 204 });
}
expectAfterSnippet("myHandler to receive the pull_request.created delivery", () =>
  received.includes("pull_request.created"),
);
