import type { TestProject } from 'vitest/node';
import { type RunningServer, startServer } from './server-process.js';

let server: RunningServer | undefined;

/** One real server for the whole browser run; its URL reaches the tests through `inject('baseUrl')`. */
export async function setup(project: TestProject) {
  server = await startServer();
  project.provide('baseUrl', server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}
