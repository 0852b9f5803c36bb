// The page: a keyless client on the relay (/api/agents), provided to every composable by AgentlinePlugin.
import { AgentlinePlugin } from "agentline/vue";
import { createApp } from "vue";
import { client } from "../../live-run-shared/page-client.js";
import App from "./App.vue";
import "../../live-run-shared/style.css";

createApp(App).use(AgentlinePlugin, { client }).mount("#app");
