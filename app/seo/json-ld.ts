// schema.org data for search engines (issue 37): the shop as an Organization on the home page, and
// boxes and add-ons as Products with Offers (price in AUD, availability). Rendered through
// <JsonLd> (app/content/components/recipe-json-ld.tsx), which escapes `<` as \u003c; a data block
// is never executed, so it needs no CSP nonce.
import { BRAND } from "~/config";

// Our own addresses: segments of letters, digits, `_`, `-` and `~` (dots only inside a segment, so
// no `.` or `..` segment), an optional trailing slash, and an optional query of the same letters
// with `.`, `=` and `&`. `new URL` leaves such a path as it is, so the origin and the path are the
// address. Any other path goes through `new URL`.
const PLAIN_PATH = /^(?=\/)(?:\/[\w~-]+(?:\.[\w~-]+)*)*\/?(?:\?[\w.~=&-]*)?$/;

/**
 * A path on `origin` (a URL's `origin`) as an absolute address. A listing asks for a few dozen
 * images a request. `new URL` was 0.8% of the add-ons step's CPU (decision 097). The bounded cache
 * that replaced it put its module in a chunk of its own on every form page, as this module runs
 * in the browser too (decision 102).
 */
export const absolute = (path: string, origin: string) =>
  PLAIN_PATH.test(path) ? origin + path : new URL(path, origin).href;
const price = (cents: number) => (cents / 100).toFixed(2);
const IN_STOCK = "https://schema.org/InStock";
const OUT_OF_STOCK = "https://schema.org/OutOfStock";

/** Stock as schema.org availability: null is not tracked (always available), 0 or less is sold out. */
export function availability(inventory: number | null | undefined): string {
  return inventory === null || inventory === undefined || inventory > 0 ? IN_STOCK : OUT_OF_STOCK;
}

export function organizationJsonLd(origin: string, sameAs: string[] = []) {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: BRAND.name,
    url: absolute("/", origin),
    logo: absolute("/images/logo-mark.svg", origin),
    email: BRAND.supportEmail,
    telephone: BRAND.supportPhone,
    ...(sameAs.length ? { sameAs } : {}),
  };
}

export type ProductOffer = { name?: string; priceCents: number; inventory?: number | null };

export type ProductData = {
  name: string;
  description: string;
  image: string;
  /** the page a visitor buys it from */
  url: string;
  offers: ProductOffer[];
};

export function productJsonLd(product: ProductData, origin: string) {
  const url = absolute(product.url, origin);
  const offers = product.offers.map((o) => ({
    "@type": "Offer",
    ...(o.name ? { name: o.name } : {}),
    price: price(o.priceCents),
    priceCurrency: "AUD",
    availability: availability(o.inventory),
    url,
  }));
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    image: absolute(product.image, origin),
    brand: { "@type": "Brand", name: BRAND.name },
    offers: offers.length === 1 ? offers[0] : offers,
  };
}

/** Several products on one page, as one list. */
export function productListJsonLd(products: ProductData[], origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    itemListElement: products.map((p, i) => {
      const { "@context": _context, ...item } = productJsonLd(p, origin);
      return { "@type": "ListItem", position: i + 1, item };
    }),
  };
}
