import type { MetaFunction } from "@remix-run/node";
import { NotFound } from "~/components/layout/error-state";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Page not found", "We couldn't find that page.");

export async function loader() {
  throw new Response("Not found", { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}

export function ErrorBoundary() {
  return <NotFound />;
}
