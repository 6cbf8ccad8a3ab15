// What every part of the checkout form shares: its numbered section, and where a no-JS answer lands.
import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

/** A numbered part of the checkout form ("1 Contact details"…), labelled by its heading. */
export function CheckoutSection({
  id,
  headingId,
  n,
  title,
  children,
}: {
  id?: string;
  headingId: string;
  n: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="checkout-section" aria-labelledby={headingId} id={id}>
      <h2 id={headingId} className="checkout-section__title">
        <span className="checkout-section__n" aria-hidden="true">
          {n}
        </span>{" "}
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * Without JS every answer is a new page: a button's formAction lands it where its message is
 * (checkout-problems.tsx). With JS the page stays put (undefined: the form's own action).
 */
export function useLandOn() {
  const hydrated = useHydrated();
  const { pathname, search } = useLocation();
  return (anchor: string) => (hydrated ? undefined : `${pathname}${search}#${anchor}`);
}
