// Only for the e2e suite (E2E_TEST_ROUTES=1): a request that holds its admission slot for `ms`
// (at most 10 s), so a test can fill a worker's queue and see the 503 of its wait deadline
// (tests/e2e/http-slow-senders.spec.ts). Anywhere else it is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!env.E2E_TEST_ROUTES) throw new Response("Not found", { status: 404 });
  const ms = Math.min(
    Math.max(Number(new URL(request.url).searchParams.get("ms")) || 0, 0),
    10_000,
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return new Response("held", {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
