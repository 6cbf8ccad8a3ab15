// The reading side of the content version (decision 054) against a real database: a bump made on
// another connection (another worker or instance) is what the next read sees, a catalogue read kept
// in memory is not used past a bump, and the /api content answers follow an edit at once.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { createDb, databaseUrl } from "~/db/connection.server";
import { db } from "~/db/client.server";
import { bumpContentVersion, readContentVersion } from "~/content/content-version.server";
import { createVersionWatch } from "~/content/version-watch.server";
import { cached } from "~/box/cache.server";
import * as faq from "~/routes/api.faq";

type Loader = (args: LoaderFunctionArgs) => Promise<Response>;
const callFaq = (headers: Record<string, string> = {}) =>
  (faq.loader as Loader)({
    request: new Request("http://127.0.0.1/api/faq", { headers }),
    params: {},
    context: {},
  });

describe("content version", () => {
  it("a read sees a bump committed by another connection", async () => {
    const other = createDb(databaseUrl());
    try {
      const before = await readContentVersion();
      const bumped = await other.transaction().execute((trx) => bumpContentVersion(trx));
      expect(bumped).not.toBe(before);
      expect(await readContentVersion()).toBe(bumped);
      // a worker's watch, as the micro-cache and `cached()` use it, reads it on its next check
      const watch = createVersionWatch(() => readContentVersion(), { intervalMs: 0 });
      expect(await watch.current()).toBe(bumped);
      const again = await other.transaction().execute((trx) => bumpContentVersion(trx));
      expect(await watch.current()).toBe(again);
    } finally {
      await other.destroy();
    }
  });

  it("a bump rolled back with its write is never seen", async () => {
    const before = await readContentVersion();
    await expect(
      db.transaction().execute(async (trx) => {
        await bumpContentVersion(trx);
        throw new Error("the edit failed");
      }),
    ).rejects.toThrow("the edit failed");
    expect(await readContentVersion()).toBe(before);
  });

  it("a catalogue read kept by cached() is read again once the version moves", async () => {
    let loads = 0;
    const load = async () => ++loads;
    expect(await cached("test:version", load)).toBe(1);
    expect(await cached("test:version", load)).toBe(1);
    await bumpContentVersion();
    // the worker trusts its last read for at most a second: the next read after that loads again
    await expect.poll(() => cached("test:version", load), { timeout: 5_000 }).toBe(2);
  });

  it("/api answers carry a short shared lifetime and an ETag, 304 while unchanged, 200 once edited", async () => {
    const first = await callFaq();
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const same = await callFaq({ "If-None-Match": etag });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");

    const item = await db.selectFrom("faqItems").select(["id"]).executeTakeFirstOrThrow();
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("faqItems")
        .set({ answer: "<p>Edited just now.</p>", updatedAt: new Date().toISOString() })
        .where("id", "=", item.id)
        .execute();
      await bumpContentVersion(trx);
    });
    const edited = await callFaq({ "If-None-Match": etag });
    expect(edited.status).toBe(200);
    expect(edited.headers.get("etag")).not.toBe(etag);
    const body = (await edited.json()) as { data: { id: number; answer: string }[] };
    expect(body.data.find((f) => f.id === item.id)?.answer).toContain("Edited just now.");
  });
});
