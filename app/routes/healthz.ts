import { sql } from "kysely";
import { db } from "~/db/client.server";

/** Liveness and database check for load balancers and the Docker HEALTHCHECK. */
export async function loader() {
  try {
    await sql`select 1`.execute(db);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch {
    return Response.json({ status: "error", database: "unreachable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
