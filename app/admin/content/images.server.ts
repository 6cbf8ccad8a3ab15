// The images a post, a recipe or a hero slide may show: the files in public/images (issue 37).
// Uploads belong to the catalogue (its own folder); content picks from what the site ships.
import fs from "node:fs";
import path from "node:path";
import { isOwnImage } from "~/content/own-image";

let cached: string[] | null = null;

/** "/images/x.svg" paths of the shipped images, sorted; read once per process. */
export function contentImages(): string[] {
  if (cached) return cached;
  const dir = path.join(process.cwd(), "public", "images");
  let names: string[] = [];
  try {
    names = fs.readdirSync(dir).filter((n) => /\.(svg|png|jpe?g|webp)$/i.test(n));
  } catch {
    names = [];
  }
  cached = names
    .map((n) => `/images/${n}`)
    .filter(isOwnImage)
    .sort();
  return cached;
}

/** The options of an image select: every shipped image, plus `current` if it is not one of them. */
export function imageOptions(current?: string): string[] {
  const all = contentImages();
  return current && isOwnImage(current) && !all.includes(current) ? [current, ...all] : all;
}
