import type { MetaDescriptor } from "@remix-run/node";
import { BRAND } from "~/config";

/** "<page> | Paddock & Tide - <tagline>", the title of every page. */
export function pageTitle(page?: string) {
  const suffix = `${BRAND.name} - ${BRAND.tagline}`;
  return page ? `${page} | ${suffix}` : suffix;
}

export function pageMeta(page: string | undefined, description: string): MetaDescriptor[] {
  const title = pageTitle(page);
  return [
    { title },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
  ];
}
