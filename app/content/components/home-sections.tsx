import { Link } from "@remix-run/react";
import { Carousel } from "~/components/carousel/carousel";
import { LIMITS } from "~/config";
import { PROMISES } from "../copy";
import type { HomepageData, SocialPost, Testimonial } from "../types";

const HIGH_PRIORITY = { fetchpriority: "high" } as Record<string, string>;

export function Hero({ hero }: { hero: HomepageData["hero"] }) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="hero__inner container">
        <div className="hero__copy">
          <p className="hero__eyebrow">Free delivery · No minimum order</p>
          <h1 id="hero-title" className="hero__title">
            {hero.title}
          </h1>
          <p className="hero__text">{hero.description}</p>
          <p className="hero__actions">
            <Link to="/get-started" className="button button--primary button--large">
              {hero.cta}
            </Link>
            <Link to="/how-it-works" className="button button--secondary">
              How it works
            </Link>
          </p>
          <ul className="hero__list" role="list">
            {hero.list.map((b) => (
              <li key={b.bulletText}>
                <Tick />
                {b.bulletText}
              </li>
            ))}
          </ul>
        </div>
        <Carousel
          label="Our farms, boats and kitchens"
          variant="hero"
          autoplayMs={LIMITS.heroAutoplayMs}
          className="hero__carousel"
        >
          {hero.images.map((image, i) => (
            <picture key={image.desktop}>
              <source media="(min-width: 768px)" srcSet={image.desktop} width={1600} height={900} />
              <img
                className="hero__image"
                src={image.mobile}
                alt={image.alt}
                width={600}
                height={800}
                loading={i === 0 ? "eager" : "lazy"}
                decoding={i === 0 ? "sync" : "async"}
                {...(i === 0 ? HIGH_PRIORITY : {})}
              />
            </picture>
          ))}
        </Carousel>
      </div>
    </section>
  );
}

function Tick() {
  return (
    <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" className="hero__tick">
      <circle cx="10" cy="10" r="10" fill="currentColor" />
      <path
        d="M5.5 10.5l3 3 6-6.5"
        fill="none"
        stroke="#fffaf2"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** A slow marquee of promises; static (and not duplicated) under prefers-reduced-motion. */
/** The ticker's lines (the home page's, editable in the back office); the built-in promises by default. */
export function Ticker({ lines = PROMISES }: { lines?: readonly string[] }) {
  const items = lines.map((p, i) => <li key={`${i}-${p}`}>{p}</li>);
  return (
    <section className="ticker" aria-label="Our promises">
      <div className="ticker__track">
        <ul className="ticker__list" role="list">
          {items}
        </ul>
        <ul className="ticker__list ticker__list--copy" role="list" aria-hidden="true">
          {items}
        </ul>
      </div>
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      {"★★★★★".slice(0, rating)}
      <span className="stars__off">{"★★★★★".slice(rating)}</span>
    </p>
  );
}

export function Testimonials({ testimonials }: { testimonials: Testimonial[] }) {
  return (
    <section className="section testimonials" aria-labelledby="testimonials-title">
      <div className="container">
        <p className="eyebrow eyebrow--light">Reviews</p>
        <h2 id="testimonials-title">Loved in kitchens around Australia</h2>
        <ul
          className="testimonials__list"
          role="list"
          aria-label="Customer reviews"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- the list scrolls sideways below 1024px, and a scrollable region must take the focus (axe: scrollable-region-focusable)
          tabIndex={0}
        >
          {testimonials.map((t) => (
            <li key={t.id}>
              <figure className="testimonial">
                <Stars rating={t.rating} />
                <blockquote className="testimonial__quote">
                  <p>{t.quote}</p>
                </blockquote>
                <figcaption className="testimonial__who">
                  <strong>{t.name}</strong> {t.location}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function SocialCarousel({ posts }: { posts: SocialPost[] }) {
  return (
    <section className="section social" aria-labelledby="social-title">
      <div className="container">
        <p className="eyebrow">#paddockandtide</p>
        <h2 id="social-title">From your kitchens</h2>
        <Carousel label="Social posts" variant="social">
          {posts.map((p) => (
            <figure className="social-card" key={p.id}>
              <img
                src={p.image.url}
                alt={p.image.alt}
                width={1600}
                height={900}
                loading="lazy"
                decoding="async"
              />
              <figcaption>
                <strong className="social-card__handle">{p.handle}</strong>
                <span className="social-card__caption">{p.caption}</span>
              </figcaption>
            </figure>
          ))}
        </Carousel>
      </div>
    </section>
  );
}
