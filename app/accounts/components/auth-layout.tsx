import type { ReactNode } from "react";

/** The centred card of the sign-in and password pages, with the kitchen illustration beside (wide) or above (narrow) it. */
export function AuthLayout({
  eyebrow,
  title,
  intro,
  children,
  titleId = "auth-title",
}: {
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  titleId?: string;
}) {
  return (
    <section className="auth" aria-labelledby={titleId}>
      <div className="auth__card">
        <picture className="auth__art">
          <source
            media="(min-width: 1024px)"
            srcSet="/images/hero-kitchen-mobile.svg"
            width={600}
            height={800}
          />
          <img
            src="/images/hero-kitchen-desktop.svg"
            width={1600}
            height={900}
            alt=""
            fetchPriority="high"
          />
        </picture>
        <div className="auth__body">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 id={titleId} className="auth__title">
            {title}
          </h1>
          {intro ? <div className="auth__intro">{intro}</div> : null}
          {children}
        </div>
      </div>
    </section>
  );
}
