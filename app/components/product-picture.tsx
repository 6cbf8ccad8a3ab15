// A product's image (issue 48 item 4, decision 078). An uploaded photo becomes a <picture>: AVIF,
// then WebP, then a JPEG <img>, each in every width, so a 390 px phone at 2x takes a 480 px AVIF of
// a few dozen KB rather than the 1-2 MB its owner uploaded. Anything else (a seeded or uploaded
// SVG) stays a plain <img>. The width and height are the slot's, so the page keeps its place while the
// image loads; the slot's CSS gives the image the slot's aspect ratio too, so a portrait photo does
// not stretch a 4:3 card once it has loaded, and fits it inside (object-fit). That ratio is a rule
// of the slot's, not a style attribute on each of a listing's 61 images (decision 101).
import { photoSources, PRODUCT_CARD_SIZES } from "~/catalogue/image-sizes";

type Props = {
  src: string;
  width: number;
  height: number;
  alt?: string;
  /** how wide the slot is at each viewport (the `sizes` attribute); a product card's by default */
  sizes?: string;
  /** "lazy" below the fold (the default), "eager" for an image seen at once */
  loading?: "lazy" | "eager";
  className?: string;
};

export function ProductPicture({
  src,
  width,
  height,
  alt = "",
  sizes = PRODUCT_CARD_SIZES,
  loading = "lazy",
  className,
}: Props) {
  const photo = photoSources(src);
  const img = { width, height, loading, decoding: "async" as const, className };
  if (!photo) return <img src={src} alt={alt} {...img} />;
  return (
    // display: contents, so the <img> is laid out as the slot's own child, as before
    <picture className="picture-slot">
      <source type="image/avif" srcSet={photo.avif} sizes={sizes} />
      <source type="image/webp" srcSet={photo.webp} sizes={sizes} />
      <img srcSet={photo.jpg} sizes={sizes} src={photo.src} alt={alt} {...img} />
    </picture>
  );
}
