// CMS HTML (posts, recipes, FAQ answers, legal pages, locations) is sanitised
// on the server before it is rendered or served by /api, whatever the seed holds.
import sanitizeHtml from "sanitize-html";
import { isOwnImage } from "./own-image";
import { keptAnswers } from "~/utils/kept-answers";

const ALLOWED_TAGS = [
  "p",
  "h2",
  "h3",
  "h4",
  "ul",
  "ol",
  "li",
  "strong",
  "em",
  "b",
  "i",
  "a",
  "br",
  "blockquote",
  // issue 37: what Markdown writes besides the above (images only from our own /images/ paths)
  "code",
  "pre",
  "hr",
  "del",
  "img",
];

/** A same-site path: "/x" but not "//host" or "/\\host", which browsers read as another site. */
function isInternal(href: string) {
  return href.startsWith("/") && !/^\/[/\\]/.test(href);
}

function isSafeHref(href: string) {
  return isInternal(href) || /^(https?:\/\/|mailto:|tel:)/i.test(href);
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ["href", "title", "rel"], img: ["src", "alt", "title"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Text inside these is dropped along with the tag.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "object",
    "template",
  ],
  // an image from anywhere but our own paths is dropped (no tracking pixels, no mixed content)
  exclusiveFilter: (frame) => frame.tag === "img" && !isOwnImage((frame.attribs.src ?? "").trim()),
  transformTags: {
    // The page owns its one h1; CMS headings start at h2.
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const href = (attribs.href ?? "").trim();
      // An unsafe or missing target unwraps the link and keeps its text.
      if (!isSafeHref(href)) return { tagName: "span", attribs: {} };
      const out: Record<string, string> = { href };
      if (attribs.title) out.title = attribs.title;
      if (!isInternal(href) && /^https?:/i.test(href)) out.rel = "noopener noreferrer nofollow";
      return { tagName, attribs: out };
    },
  },
};

const CACHE_LIMIT = 1000;

/**
 * `clean` of each text once: the same product descriptions and CMS bodies are cleaned for every
 * page that shows them (the add-ons step cleans every add-on's description for its JSON-LD), and
 * the result depends on the text alone. At most CACHE_LIMIT texts, the oldest dropped first.
 */
function remembered(clean: (text: string) => string) {
  const kept = keptAnswers<string>(CACHE_LIMIT);
  return (text: string | null | undefined): string => (text ? kept(text, () => clean(text)) : "");
}

/** Only the small tag set of SPEC content survives; scripts, styles, handlers and javascript: links never do. */
export const sanitiseHtml = remembered((html) => sanitizeHtml(html, OPTIONS).trim());

/** Plain text (meta descriptions, JSON-LD): every tag removed, entities decoded once. */
export const plainText = remembered((html) =>
  sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim(),
);
