// Vite config of the React live-run example. In this repository the package names (`agentline`, `agentline/react`,
// …) resolve to the built package in ../../dist (`npm run build`), as an installed agentline would; in an app of
// your own, `npm install agentline` and drop `resolve.alias`.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const dist = fileURLToPath(new URL("../../dist/", import.meta.url));

export default defineConfig({
  // Relative asset URLs: the built page works from any path (the demo serves it at the root of its own server).
  base: "./",
  plugins: [react()],
  resolve: {
    alias: [
      { find: /^agentline$/, replacement: `${dist}index.js` },
      { find: /^agentline\/(\w+)$/, replacement: `${dist}$1.js` },
    ],
  },
});
