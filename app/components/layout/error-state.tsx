import { Link, useLocation } from "@remix-run/react";
import { REQUEST_ID_ELEMENT, useRequestId } from "~/utils/request-id";

/** The spec's two error states: session expired (401/419) and the general error; plus not found. */
export function ErrorState({ status }: { status: number }) {
  const location = useLocation();
  const requestId = useRequestId();
  const here = location.pathname + location.search;
  if (status === 401 || status === 419) {
    return (
      <section
        className="error-state container"
        aria-labelledby="error-title"
        data-state="session-expired"
      >
        <img
          src="/images/hero-kitchen-desktop.svg"
          alt=""
          width={320}
          height={180}
          className="error-state__art"
        />
        <h1 id="error-title">Your session has expired</h1>
        <p>For your security we signed you out. Sign in again and we will bring you back here.</p>
        <p>
          <Link
            className="button button--primary"
            to={`/sign-in?destination=${encodeURIComponent(here)}`}
          >
            Sign in again
          </Link>
        </p>
      </section>
    );
  }
  if (status === 404) return <NotFound />;
  return (
    <section
      className="error-state container"
      aria-labelledby="error-title"
      data-state="general-error"
    >
      <img
        src="/images/hero-coast-desktop.svg"
        alt=""
        width={320}
        height={180}
        className="error-state__art"
      />
      <h1 id="error-title">Something went wrong</h1>
      <p>
        We could not load this page. Please try again in a moment; nothing you entered has been
        charged.
      </p>
      {requestId ? (
        <p>
          If this keeps happening, contact us and quote this reference:{" "}
          <code id={REQUEST_ID_ELEMENT}>{requestId}</code>
        </p>
      ) : null}
      <p className="error-state__actions">
        <a className="button button--primary" href={here}>
          Try again
        </a>
        <Link className="button button--secondary" to="/">
          Back to the home page
        </Link>
      </p>
    </section>
  );
}

export function NotFound() {
  return (
    <section className="error-state container" aria-labelledby="error-title" data-state="not-found">
      <img
        src="/images/hero-paddock-desktop.svg"
        alt=""
        width={320}
        height={180}
        className="error-state__art"
      />
      <p className="eyebrow">Error 404</p>
      <h1 id="error-title">We couldn't find that page</h1>
      <p>
        The page may have moved, or the link may be mistyped. Here are some good places to start:
      </p>
      <ul className="error-state__links">
        <li>
          <a href="/">Home</a>
        </li>
        <li>
          <a href="/how-it-works">How it works</a>
        </li>
        <li>
          <a href="/blog">Recipes and news</a>
        </li>
        <li>
          <a href="/faq">FAQ</a>
        </li>
      </ul>
      <p>
        <a className="button button--primary" href="/get-started">
          Build your box
        </a>
      </p>
    </section>
  );
}
