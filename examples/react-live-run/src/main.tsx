// The page: a keyless client on the relay (/api/agents), handed to every hook by <AgentlineProvider>.
import { AgentlineProvider } from "agentline/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { client } from "../../live-run-shared/page-client.js";
import { App } from "./App.js";
import "../../live-run-shared/style.css";

const container = document.getElementById("app");
if (!container) throw new Error("index.html has no #app element");

createRoot(container).render(
  <StrictMode>
    <AgentlineProvider client={client}>
      <App />
    </AgentlineProvider>
  </StrictMode>,
);
