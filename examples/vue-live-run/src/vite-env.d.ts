/// <reference types="vite/client" />

// Build-time settings (read from .env files or the environment by Vite): a real service instead of the fake one.
interface ImportMetaEnv {
  readonly VITE_AGENTLINE_BASE_URL?: string;
  readonly VITE_AGENTLINE_API_KEY?: string;
}
