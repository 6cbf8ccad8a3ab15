// The content version (issue 37): one `meta` row that every write to what public pages show (a
// post, a recipe, the FAQ, a legal page, the hero, the ticker, a product, a box, a price) moves, in
// the same transaction as the write. Every worker of every instance reads it at most once a second
// and forgets its cached pages when it has moved, so an edit shows everywhere within seconds without
// any message between processes (docs/decisions/054-content-version.md).
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { db } from "~/db/client.server";
import type { DB } from "~/db/schema";

export const CONTENT_VERSION_KEY = "content_version";

/** A new version, unlike any earlier one (time first, so versions also sort by when they were made). */
function nextVersion(): string {
  return `${Date.now().toString(36)}-${randomBytes(6).toString("base64url")}`;
}

/** Moves the content version; call it inside the transaction of the content write. */
export async function bumpContentVersion(trx: Kysely<DB> = db): Promise<string> {
  const value = nextVersion();
  await trx
    .insertInto("meta")
    .values({ key: CONTENT_VERSION_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
  return value;
}

/** The version now in the database ("0" before the first edit). */
export async function readContentVersion(trx: Kysely<DB> = db): Promise<string> {
  const row = await trx
    .selectFrom("meta")
    .select("value")
    .where("key", "=", CONTENT_VERSION_KEY)
    .executeTakeFirst();
  return row?.value ?? "0";
}
