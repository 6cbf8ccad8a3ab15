// After ./setup.ts, for the files that share their worker's modules (decision 082): when an
// earlier file opened the app's database, `db` is pointed at this file's; the new database keeps
// the worker's stored session secret, as a restarted shop keeps its own, so the key ring the loaded
// modules derived from it still holds; what the worker remembers of the old database (reads kept
// under its content version, which a new database starts again at "0", a paused mail relay, a
// test's mailer, the job runner of an earlier file's server build) is forgotten.
export {};

if (globalThis.__integrationReopen) {
  await reopenWithWorkerSecret();
  await forgetTheOldDatabase();
}

async function reopenWithWorkerSecret() {
  const client = await import("~/db/client.server");
  await client.openDb();
  if (process.env.SESSION_SECRET) return;
  const secret = (await import("~/security/secrets.server")).keyRing.current.secret;
  await client.db
    .insertInto("meta")
    .values({ key: "dev_session_secret", value: secret })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: secret }))
    .execute();
}

async function forgetTheOldDatabase() {
  (await import("~/box/cache.server")).forgetCached();
  (await import("~/content/version-watch.server")).forgetContentVersion();
  (await import("~/seo/sitemap.server")).forgetSitemap();
  (await import("~/email/relay.server")).resumeRelay();
  (await import("~/email/transport.server")).setMailer(null);
}
