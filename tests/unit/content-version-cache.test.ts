// The reading side of the content version (decision 054): the per-worker watch that reads the
// version at most once a second, and the page micro-cache (app/bin/page-cache.mjs) that never
// serves a page kept under an older version, neither as a 200 nor as a 304.
import type { AddressInfo } from "node:net";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { pageMicroCache } from "../../app/bin/page-cache.mjs";
import { matchesEtag } from "~/http/cache-policy.server";
import { createVersionWatch } from "~/content/version-watch.server";

type Res = ServerResponse & { set(h: Record<string, string>): Res };
type Handler = (req: IncomingMessage & { path: string }, res: Res) => void;
type ExpressApp = {
  use(fn: unknown): void;
  get(path: string, fn: Handler): void;
  listen(port: number, host: string): Server;
};
const require = createRequire(import.meta.url);
const express = require("express") as () => ExpressApp;

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      server.close(() => resolve());
      server.closeAllConnections();
    }),
);

/** An app whose page text and ETag are `content.text`, behind the micro-cache with `version()`. */
async function start(version: () => string | Promise<string>, content: { text: string }) {
  let calls = 0;
  const app = express();
  const isSharedPageRequest = (method: string, url: string) =>
    (method === "GET" || method === "HEAD") && url.startsWith("/p/");
  app.use(pageMicroCache(() => ({ isSharedPageRequest, matchesEtag, contentVersion: version })));
  app.get("*", (_req, res) => {
    calls++;
    res.set({
      "Cache-Control": "public, max-age=0, s-maxage=60",
      ETag: `"${content.text}"`,
      "Content-Type": "text/html; charset=utf-8",
    });
    res.end(content.text);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((r) => server!.once("listening", r));
  return {
    base: `http://127.0.0.1:${(server!.address() as AddressInfo).port}`,
    calls: () => calls,
  };
}

describe("createVersionWatch", () => {
  it("reads once, then trusts the version for the interval", async () => {
    let clock = 0;
    let reads = 0;
    let stored = "a";
    const watch = createVersionWatch(
      async () => {
        reads++;
        return stored;
      },
      { intervalMs: 1000, now: () => clock },
    );
    expect(watch.known()).toBe("");
    expect(await watch.current()).toBe("a");
    stored = "b";
    clock = 999;
    expect(watch.current()).toBe("a"); // a plain string: no wait, no read
    expect(reads).toBe(1);
    clock = 1000;
    expect(await watch.current()).toBe("b");
    expect(watch.known()).toBe("b");
    expect(reads).toBe(2);
  });

  it("shares one read between callers that ask while it runs", async () => {
    let reads = 0;
    let release: (v: string) => void = () => {};
    const watch = createVersionWatch(() => {
      reads++;
      return new Promise<string>((r) => (release = r));
    });
    const first = watch.current();
    const second = watch.current();
    release("v7");
    expect(await first).toBe("v7");
    expect(await second).toBe("v7");
    expect(reads).toBe(1);
  });

  it("keeps the last version when a read fails, and reads again on the next call", async () => {
    let clock = 0;
    let fail = false;
    const watch = createVersionWatch(
      async () => {
        if (fail) throw new Error("database away");
        return "v1";
      },
      { intervalMs: 1000, now: () => clock },
    );
    expect(await watch.current()).toBe("v1");
    fail = true;
    clock = 5000;
    expect(await watch.current()).toBe("v1");
    fail = false;
    expect(await watch.current()).toBe("v1");
  });
});

describe("page micro-cache and the content version", () => {
  it("serves from memory while the version stands, and renders again once it moves", async () => {
    let version = "v1";
    const content = { text: "old" };
    const { base, calls } = await start(() => version, content);
    expect(await (await fetch(`${base}/p/faq`)).text()).toBe("old");
    content.text = "new"; // the database changed, the version has not been read yet
    expect(await (await fetch(`${base}/p/faq`)).text()).toBe("old");
    expect(calls()).toBe(1);
    version = "v2";
    expect(await (await fetch(`${base}/p/faq`)).text()).toBe("new");
    expect(await (await fetch(`${base}/p/faq`)).text()).toBe("new");
    expect(calls()).toBe(2);
  });

  it("never answers 304 for a page whose content moved", async () => {
    let version = "v1";
    const content = { text: "old" };
    const { base } = await start(() => version, content);
    const first = await fetch(`${base}/p/terms`);
    const etag = first.headers.get("etag")!;
    expect((await fetch(`${base}/p/terms`, { headers: { "If-None-Match": etag } })).status).toBe(
      304,
    );
    content.text = "new";
    version = "v2";
    const after = await fetch(`${base}/p/terms`, { headers: { "If-None-Match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).toBe('"new"');
    expect(await after.text()).toBe("new");
  });

  it("waits for a version being read, and drops every page kept under the old one", async () => {
    let version: string | Promise<string> = "v1";
    const content = { text: "one" };
    const { base, calls } = await start(() => version, content);
    await fetch(`${base}/p/a`);
    await fetch(`${base}/p/b`);
    expect(calls()).toBe(2);
    content.text = "two";
    version = Promise.resolve("v2");
    expect(await (await fetch(`${base}/p/a`)).text()).toBe("two");
    version = "v2";
    expect(await (await fetch(`${base}/p/b`)).text()).toBe("two");
    expect(await (await fetch(`${base}/p/a`)).text()).toBe("two");
    expect(calls()).toBe(4);
  });

  it("does not keep a page rendered while the version moved underneath it", async () => {
    let version = "v1";
    const content = { text: "x" };
    let calls = 0;
    const app = express();
    app.use(
      pageMicroCache(() => ({
        isSharedPageRequest: (m: string, u: string) => u.startsWith("/p/"),
        matchesEtag,
        contentVersion: () => version,
      })),
    );
    app.get("*", (req, res) => {
      res.set({ "Cache-Control": "public, s-maxage=60", ETag: `"${content.text}"` });
      if (req.path !== "/p/slow") return res.end("other");
      calls++;
      // a second request learns a newer version while this one renders
      version = "v2";
      void fetch(`${base}/p/other`).then(() => res.end(content.text));
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((r) => server!.once("listening", r));
    const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
    await fetch(`${base}/p/slow`);
    await fetch(`${base}/p/slow`);
    expect(calls).toBe(2);
  });
});
