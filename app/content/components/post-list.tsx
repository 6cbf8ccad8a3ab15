// Article cards with a load-more control. Without JavaScript, load more is a
// link to ?page=n+1 whose loader renders pages 1..n+1; with JavaScript the
// same link fetches only the next page from the JSON API and appends it.
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { ArticleCard } from "~/components/cards/article-card";
import type { Paged, PostCard } from "../types";

type Props = {
  initial: Paged<PostCard>;
  /** the page's own path, for the no-JS link: /blog/recipes → /blog/recipes?page=2 */
  basePath: string;
  /** the JSON endpoint of one page: /api/recipes?page=2 */
  apiUrl: (page: number) => string;
};

type State = { items: PostCard[]; current: number; last: number };
const fromPaged = (p: Paged<PostCard>): State => ({
  items: p.data,
  current: p.meta.current_page,
  last: p.meta.last_page,
});

export function PostList({ initial, basePath, apiUrl }: Props) {
  const fetcher = useFetcher<Paged<PostCard>>();
  const [state, setState] = useState<State>(() => fromPaged(initial));
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);

  useEffect(() => setState(fromPaged(initial)), [initial]);

  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data?.meta) return;
    setState((s) => {
      if (data.meta.current_page !== s.current + 1) return s;
      const seen = new Set(s.items.map((p) => p.id));
      focusIndex.current = s.items.length;
      return {
        items: [...s.items, ...data.data.filter((p) => !seen.has(p.id))],
        current: data.meta.current_page,
        last: data.meta.last_page,
      };
    });
  }, [fetcher.state, fetcher.data]);

  // Keyboard users land on the first new card rather than at the end of the page.
  useEffect(() => {
    if (focusIndex.current === null) return;
    const link =
      listRef.current?.children[focusIndex.current]?.querySelector<HTMLAnchorElement>("a");
    focusIndex.current = null;
    link?.focus({ preventScroll: false });
  }, [state.items.length]);

  const next = state.current < state.last ? state.current + 1 : null;
  const loading = fetcher.state === "loading";
  if (state.items.length === 0)
    return <p className="post-list__empty">Nothing here yet. Check back soon.</p>;
  return (
    <>
      <ul className="grid-cards post-list" role="list" ref={listRef}>
        {state.items.map((post, i) => (
          <li key={post.id}>
            <ArticleCard post={post} eager={i === 0} />
          </li>
        ))}
      </ul>
      <div className="post-list__more">
        <p className="post-list__count" aria-live="polite">
          Showing {state.items.length} {state.items.length === 1 ? "article" : "articles"} (page{" "}
          {state.current} of {state.last})
        </p>
        {next ? (
          <Link
            to={`${basePath}?page=${next}`}
            className="button button--secondary"
            preventScrollReset
            aria-disabled={loading || undefined}
            onClick={(event) => {
              event.preventDefault();
              if (!loading) fetcher.load(apiUrl(next));
            }}
          >
            {loading ? "Loading…" : "Load more"}
          </Link>
        ) : null}
      </div>
    </>
  );
}
