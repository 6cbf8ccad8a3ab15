// GET /robots.txt: the shop is open to crawlers, signed-in areas and machinery are not; the sitemap's
// absolute address uses APP_ORIGIN when set (app/accounts/origin.server.ts).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { appOrigin } from "~/accounts/origin.server";
import { publicContentResponse } from "~/content/api.server";
import { robotsTxt } from "~/seo/sitemap.server";

export function loader({ request }: LoaderFunctionArgs) {
  return publicContentResponse(robotsTxt(appOrigin(request)), "text/plain; charset=utf-8", request);
}
