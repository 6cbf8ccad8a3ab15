// The run's production build served in this process (decision 076): the Express app
// app/bin/server.mjs mounts (headers, status pages, the micro-cache, the Remix handler), on an
// ephemeral loopback port and the integration suite's database. For checks of what the server
// answers (statuses, headers, the HTML's JSON-LD, the error pages) that need no browser: the e2e
// suite keeps what a page does.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { installGlobals } from "@remix-run/node";
import { ensureTestBuild } from "../build-once.mjs";

export type BuiltServer = {
  base: string;
  /** a request to the server, redirects not followed */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
};

export async function startBuiltServer(): Promise<BuiltServer> {
  const buildPath = ensureTestBuild();
  const { createApp, importBuild } = await import("../../app/bin/server.mjs");
  const build = await importBuild(buildPath);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const server = http.createServer(createApp({ build, buildPath, mode: "production" }));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    get: (path, headers = {}) => fetch(`${base}${path}`, { headers, redirect: "manual" }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
