// JSON answers of the /api content routes: public caching for content,
// 404 for unknown slugs and keys, 400 for a bad page number, never a 500 for either.
import { BadPageError, ContentNotFoundError } from "./errors";

/** Content changes when an editor publishes; five minutes fresh, an hour stale while revalidating. */
export const PUBLIC_CONTENT_CACHE =
  "public, max-age=300, s-maxage=600, stale-while-revalidate=3600";
const ERROR_CACHE = "public, max-age=60";

function jsonResponse(body: unknown, status: number, cache: string) {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": cache,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

export async function contentJson(read: () => Promise<unknown>): Promise<Response> {
  try {
    return jsonResponse(await read(), 200, PUBLIC_CONTENT_CACHE);
  } catch (error) {
    if (error instanceof ContentNotFoundError)
      return jsonResponse({ message: "Not found" }, 404, ERROR_CACHE);
    if (error instanceof BadPageError)
      return jsonResponse({ message: error.message }, 400, ERROR_CACHE);
    throw error;
  }
}

/** For page loaders: an unknown slug renders the not-found page with status 404. */
export async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof ContentNotFoundError) throw new Response("Not found", { status: 404 });
    throw error;
  }
}
