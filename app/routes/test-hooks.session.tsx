// Only for the e2e suite: signs the caller in as the posted e-mail's account (see app/accounts/test-hook.server.ts).
import type { ActionFunctionArgs } from "@remix-run/node";
import { signInHook } from "~/accounts/test-hook.server";
import { notFound } from "~/jobs/test-hook.server";

export const loader = () => notFound();

export const action = ({ request }: ActionFunctionArgs) => signInHook(request);
