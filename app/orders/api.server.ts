// JSON answers of the order API (SPEC §7 order calls): 401 without a session,
// 404 for a missing order and for someone else's (the same answer, so order
// references cannot be probed), never cached.
import { getUser } from "~/accounts/session.server";
import type { User } from "~/db/schema";

export function orderJson(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
      ...headers,
    },
  });
}

export const NOT_FOUND = () => orderJson({ message: "Order not found" }, 404);

/** The signed-in user, or a thrown 401 JSON answer (the session-expired state of SPEC §8). */
export async function requireApiUser(request: Request): Promise<User> {
  const user = await getUser(request);
  if (!user) throw orderJson({ message: "Your session has expired. Please sign in again." }, 401);
  return user;
}
