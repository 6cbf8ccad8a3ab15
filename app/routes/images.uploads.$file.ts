// /images/uploads/{file}: an image uploaded in the back office (decisions 055 and 078), from the
// database: a photo's variant (<hash>-<width>.<avif|webp|jpg>) or an SVG (<hash>.svg). A photo's
// original is never served: it may carry its EXIF (a GPS position), and it is far larger than any
// page needs. The address carries the content's hash, so it is cached for a year and never
// revalidated; nosniff keeps it an image, and an SVG gets a policy under which no script or fetch
// could run. A wider variant standing in for a width not made yet (decision 099) is kept an hour
// only, so the right one replaces it once the image-variants job has made it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { readImage } from "~/catalogue/images.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const image = await readImage(params.file ?? "");
  if (!image)
    return new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  const headers = new Headers({
    "Content-Type": image.contentType,
    "Content-Length": String(image.bytes.length),
    "Cache-Control": image.standIn ? "public, max-age=3600" : "public, max-age=31536000, immutable",
    "X-Content-Type-Options": "nosniff",
  });
  if (image.svg)
    headers.set(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  return new Response(new Uint8Array(image.bytes), { status: 200, headers });
}
