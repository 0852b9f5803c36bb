// Svelte's own config, read by the Vite plugin and by editor tooling (svelte-check, the language server).
import { vitePreprocess } from "@sveltejs/vite-plugin-svelte";

export default {
  // TypeScript in <script lang="ts"> (Svelte 5 strips types itself; this also covers what it does not).
  preprocess: vitePreprocess(),
};
