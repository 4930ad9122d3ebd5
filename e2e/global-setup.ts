import type { TestProject } from "vitest/node";
import { type RunningServer, startServer } from "./server";

let server: RunningServer;

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    port: number;
  }
}

export async function setup(project: TestProject) {
  server = await startServer();
  project.provide("baseURL", server.baseURL);
  project.provide("port", server.port);
}

export async function teardown() {
  await server?.stop();
}
