import type { Config } from "@react-router/dev/config";

/** The floor app (bench/floor/server.ts): rendered on the server per request, like the app (packages/web). */
export default {
  appDirectory: "app",
  ssr: true,
  buildDirectory: "build",
} satisfies Config;
