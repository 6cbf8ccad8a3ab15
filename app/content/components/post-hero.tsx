import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { onFirstUse } from "~/utils/first-use";
import type { PostDetail } from "../types";
import { ShareButton } from "./share-button";

const dateFormat = onFirstUse(
  () =>
    new Intl.DateTimeFormat("en-AU", {
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "Australia/Sydney",
    }),
);

export function PostHero({
  post,
  shareUrl,
  back,
  children,
}: {
  post: PostDetail;
  shareUrl: string;
  back: { to: string; label: string };
  children?: ReactNode;
}) {
  return (
    <header className="post-hero">
      <div className="container post-hero__inner">
        <div>
          <Link to={back.to} className="post-hero__back">
            ← {back.label}
          </Link>
          <h1 className="post-hero__title">{post.title}</h1>
          <p className="post-hero__meta">
            {post.author ? (
              <span className="post-hero__author">
                <img src={post.author.avatar} alt="" width={40} height={40} />
                By {post.author.name}
              </span>
            ) : null}
            <time dateTime={post.publishedAt}>
              {dateFormat().format(new Date(post.publishedAt))}
            </time>
          </p>
          {children}
          <ShareButton url={shareUrl} />
        </div>
        <img
          className="post-hero__image"
          src={post.thumbnail.url}
          alt={post.thumbnail.alt}
          width={1600}
          height={900}
        />
      </div>
    </header>
  );
}
