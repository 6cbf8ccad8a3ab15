// The body of the e2e suite's content hook (route test-hooks.content, live only with
// E2E_TEST_ROUTES=1): edits one FAQ answer the way a back-office save does, the write and the
// content version bump in one transaction, so a spec can watch the edit reach every worker and
// every instance (decision 054) without depending on the editor's forms. Anywhere else: 404.
import { db } from "~/db/client.server";
import { env } from "~/env.server";
import { notFound } from "~/jobs/test-hook.server";
import { bumpContentVersion } from "./content-version.server";

export async function editFaqAnswer(id: number, answer: string) {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("faqItems")
      .set({ answer, updatedAt: new Date().toISOString() })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) return null;
    return bumpContentVersion(trx);
  });
}

export async function contentEditHook(request: Request) {
  if (!env.E2E_TEST_ROUTES) notFound();
  const form = await request.formData();
  const answer = String(form.get("answer") ?? "");
  const first = await db
    .selectFrom("faqItems")
    .select("id")
    .orderBy("sortOrder")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const id = Number(form.get("id") ?? first.id);
  if (!answer || !Number.isInteger(id))
    return Response.json({ error: "id, answer" }, { status: 400 });
  const version = await editFaqAnswer(id, answer);
  if (!version) return Response.json({ error: "no such FAQ item" }, { status: 404 });
  return Response.json({ id, version });
}
