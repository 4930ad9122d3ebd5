import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // A separate build folder per checkout lets parallel test runs build without clobbering each other.
  buildDirectory: process.env.WEB_BUILD_DIR ?? "build",
} satisfies Config;
