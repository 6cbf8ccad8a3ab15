// Only for the e2e suite: edits a FAQ answer and moves the content version (app/content/test-hook.server.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { contentEditHook } from "~/content/test-hook.server";
import { notFound } from "~/jobs/test-hook.server";

export const loader = () => notFound();

export const action = ({ request }: ActionFunctionArgs) => contentEditHook(request);
