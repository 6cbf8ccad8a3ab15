// Only for the e2e suite (E2E_TEST_ROUTES=1): makes a loader fail with a given
// status so the error states can be tested. Anywhere else it is a 404.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { env } from "~/env.server";

export async function loader({ request }: LoaderFunctionArgs) {
  if (!env.E2E_TEST_ROUTES) throw new Response("Not found", { status: 404 });
  const status = Number(new URL(request.url).searchParams.get("status") ?? 500);
  if (status >= 500) throw new Error(`Test failure ${status}`);
  throw new Response("Test failure", { status });
}

export default function TestError() {
  return null;
}
