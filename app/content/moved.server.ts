// The answer for a renamed post's old slug (issue 37): a 301 to where it lives now. Browsers keep a
// 301 for as long as they are told, and a later post may take the old slug back (it wins over the
// redirect), so it is kept for a short time only.
export const MOVED_CACHE = "public, max-age=300";

export function movedPermanently(location: string): Response {
  return new Response(null, {
    status: 301,
    headers: { Location: location, "Cache-Control": MOVED_CACHE },
  });
}

export { postPath } from "~/content/labels";
