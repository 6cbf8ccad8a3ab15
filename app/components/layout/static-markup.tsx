import {
  createContext,
  createElement,
  useContext,
  type HTMLAttributes,
  type ReactElement,
  type RefAttributes,
} from "react";

// The site's header and footer are about two thirds of the elements of a page like /sign-in, and
// the same for every visitor of a kind. On the server they are rendered to HTML once per variant
// and sent as the block's inner HTML, so React does not walk those elements on every request. The
// browser renders the same children and hydrates them against that HTML as it would against the
// streamed one (it is byte for byte what the stream would have held), so nothing changes there.

/** Server only: the HTML of `content`, rendered once per key (entry.server provides it). */
export type MarkupCache = (key: string, content: ReactElement) => string;

/**
 * The start of a key naming a block rendered from one row of data (a packing slip, by every value
 * it shows) rather than one of a few variants: the server keeps many more of those.
 */
export const ROW_MARKUP = "row:";

const MarkupCacheContext = createContext<MarkupCache | null>(null);
export const MarkupCacheProvider = MarkupCacheContext.Provider;

type BlockProps = HTMLAttributes<HTMLElement> & RefAttributes<HTMLElement>;

/**
 * A `<header>`, `<footer>` or `<article>` whose children the server renders once per `markupKey`. The key must
 * name every value the children are rendered from, and the children must use no hooks or context
 * (they are rendered outside this render); null renders them in place, as any element's.
 */
export function StaticMarkup({
  as,
  props,
  markupKey,
  children,
}: {
  as: "header" | "footer" | "article";
  props: BlockProps;
  markupKey: string | null;
  children: ReactElement;
}) {
  const cache = useContext(MarkupCacheContext);
  if (cache && markupKey !== null)
    return createElement(as, {
      ...props,
      dangerouslySetInnerHTML: { __html: cache(markupKey, children) },
    });
  return createElement(as, props, children);
}
