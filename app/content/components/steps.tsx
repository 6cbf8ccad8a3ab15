import { Link } from "@remix-run/react";
import { STEPS } from "../copy";

/** Choose, deliver, cook: the three steps on the home and how-it-works pages. */
export function Steps({
  headingId = "steps-title",
  more = true,
  eyebrow = "How it works",
}: {
  headingId?: string;
  more?: boolean;
  eyebrow?: string;
}) {
  return (
    <section className="section steps" aria-labelledby={headingId}>
      <div className="container">
        <p className="eyebrow">{eyebrow}</p>
        <h2 id={headingId}>Three steps to a better freezer</h2>
        <ol className="steps__list" role="list">
          {STEPS.map((s, i) => (
            <li className="steps__item" key={s.title}>
              <img src={s.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
              <p className="steps__number" aria-hidden="true">
                {i + 1}
              </p>
              <h3 className="steps__title">{s.title}</h3>
              <p>{s.text}</p>
            </li>
          ))}
        </ol>
        {more ? (
          <p className="steps__more">
            <Link to="/how-it-works">
              See how it works
              <span className="visually-hidden">: boxes, pricing and certifications</span>
            </Link>
          </p>
        ) : null}
      </div>
    </section>
  );
}
