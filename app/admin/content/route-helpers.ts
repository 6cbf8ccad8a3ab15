// Small helpers the content routes share.
import type { PostType } from "./posts.server";

/** A numeric path parameter, or a 404. */
export function numericParam(value: string | undefined): number {
  const id = /^\d{1,9}$/.test(value ?? "") ? Number(value) : NaN;
  if (!Number.isSafeInteger(id)) throw new Response("Not found", { status: 404 });
  return id;
}

/** `?type=recipe` or news (the default). */
export const typeOf = (url: URL): PostType =>
  url.searchParams.get("type") === "recipe" ? "recipe" : "news";

export const postsPath = (type: PostType) =>
  type === "recipe" ? "/admin/content/posts?type=recipe" : "/admin/content/posts";
export const postEditPath = (id: number) => `/admin/content/posts/${id}`;
export const postPreviewPath = (id: number) => `/admin/content/posts/${id}/preview`;

/** Pages of the back office are never stored by a shared cache, nor indexed. */
export const PRIVATE_HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
