// GET /sitemap.xml: every published page, post, recipe and location with its last edit
// (app/seo/sitemap.server.ts); cached like the /api content and rebuilt when the content moves.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { appOrigin } from "~/accounts/origin.server";
import { publicContentResponse } from "~/content/api.server";
import { sitemapFor } from "~/seo/sitemap.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const xml = await sitemapFor(appOrigin(request));
  return publicContentResponse(xml, "application/xml; charset=utf-8", request);
}
