// /dashboard: the account area opens on my deliveries (which asks a visitor to sign in first).
import { redirect } from "@remix-run/node";

export const loader = () => redirect("/dashboard/my-deliveries");
