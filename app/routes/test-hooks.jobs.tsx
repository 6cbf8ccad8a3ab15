// Only for the e2e suite: runs every due job now (or at `now`), e.g. to deliver due gift-card mails.
import type { ActionFunctionArgs } from "@remix-run/node";
import { notFound, runJobsHook } from "~/jobs/test-hook.server";

export const loader = () => notFound();

export const action = ({ request }: ActionFunctionArgs) => runJobsHook(request);
