import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// React Router's plugin and nothing else: no chunking of our own, so the client is what the framework builds by default.
export default defineConfig({ plugins: [reactRouter()] });
