// Only for the e2e suite: builds a box for this session up to checkout (see app/box/test-hook.server.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { buildDraftHook } from "~/box/test-hook.server";
import { notFound } from "~/jobs/test-hook.server";

export const loader = () => notFound();

export const action = ({ request }: ActionFunctionArgs) => buildDraftHook(request);
