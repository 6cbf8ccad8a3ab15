// /dashboard/orders: the orders list lives on my-deliveries (awaiting payment, then every order
// with its tax invoice); a typed or remembered address lands there instead of on a 404.
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/accounts/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  return redirect("/dashboard/my-deliveries#orders-title", 302);
}
