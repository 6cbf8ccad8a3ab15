import { Link } from "@remix-run/react";
import type { PostCard } from "~/content/types";

const TYPE_LABEL = { news: "News", recipe: "Recipe" } as const;

/** SPEC "Article card": links to /{postUrl}/{slug}; thumbnail 250 px high, type and category badges, title, 'Read the article', optional author. */
export function ArticleCard({
  post,
  headingLevel = 3,
  eager = false,
}: {
  post: PostCard;
  headingLevel?: 2 | 3;
  eager?: boolean;
}) {
  const href = `/${post.postUrl}/${post.slug}`;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="article-card">
      <img
        className="article-card__image"
        src={post.thumbnail.url}
        alt={post.thumbnail.alt}
        width={1600}
        height={900}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="article-card__body">
        <ul className="article-card__badges" role="list" aria-label="Type and categories">
          <li className={`badge ${post.postType === "recipe" ? "badge--ember" : "badge--tide"}`}>
            {TYPE_LABEL[post.postType]}
          </li>
          {post.categories.map((c) => (
            <li className="badge badge--plain" key={c.id}>
              {c.name}
            </li>
          ))}
        </ul>
        <Heading className="article-card__title">{post.title}</Heading>
        {post.author ? (
          <p className="article-card__author">
            <img
              src={post.author.avatar}
              alt=""
              width={32}
              height={32}
              loading="lazy"
              decoding="async"
            />
            By {post.author.fullName}
          </p>
        ) : null}
        {/* One link per card; CSS stretches it over the whole card. */}
        <Link
          to={href}
          className="article-card__more"
          prefetch="intent"
          aria-label={`Read the article: ${post.title}`}
        >
          Read the article
        </Link>
      </div>
    </article>
  );
}
