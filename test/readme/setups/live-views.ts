// Live views: a client, a run, a forge client, a webhook event, and somewhere to render.
import type { AgentsClient as SetupAgentsClient } from "agentline";
import type { ForgeClient as SetupForgeClient } from "agentline/forge";
import type { WebhookEvent as SetupWebhookEvent } from "agentline/webhooks";

declare const client: SetupAgentsClient;
declare const agentId: string;
declare const runId: string;
declare const sha: string;
declare const forge: SetupForgeClient;
declare const webhookEvent: SetupWebhookEvent;
declare function render(text: string): void;
