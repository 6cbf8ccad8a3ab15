import { Link } from "@remix-run/react";
import type { Box } from "~/content/types";
import { formatAud } from "~/utils/money";

/** A box in the home carousel and on how it works: illustration, sizes, "from" price, what's inside. */
export function BoxCard({ box, headingLevel = 3 }: { box: Box; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const inside = box.contents.slice(0, 3);
  return (
    <article className={`box-card box-card--${box.kind}`}>
      <div className="box-card__art">
        <img src={box.image} alt="" width={400} height={300} loading="lazy" decoding="async" />
        <span className="box-card__kind">
          {box.kind === "custom" ? "You choose" : "Changes monthly"}
        </span>
      </div>
      <div className="box-card__body">
        <Heading className="box-card__title">{box.fullName}</Heading>
        <p className="box-card__price">
          <span className="box-card__from">from</span>{" "}
          <span className="price">{formatAud(box.fromPriceCents)}</span>
          <span className="box-card__per"> a box</span>
        </p>
        <p className="box-card__text">{box.description}</p>
        {box.sizes.length ? (
          <ul className="box-card__sizes" role="list">
            {box.sizes.map((s) => (
              <li key={s.size}>
                <strong>{s.size === "small" ? "Small" : "Large"}</strong>{" "}
                {[s.people, s.weight].filter(Boolean).join(", ")}
                {" · "}
                {formatAud(s.priceCents)}
              </li>
            ))}
          </ul>
        ) : null}
        {inside.length ? (
          <p className="box-card__inside">
            <span className="box-card__inside-label">This month:</span>{" "}
            {inside.map((c) => c.item).join(", ")}
          </p>
        ) : null}
        <Link
          to="/get-started"
          className="button button--secondary box-card__cta"
          aria-label={`Choose this box: ${box.fullName}`}
        >
          Choose this box
        </Link>
      </div>
    </article>
  );
}
