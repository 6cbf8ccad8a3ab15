import { useFetcher, useFetchers } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef, type MouseEvent, type RefObject } from "react";
import { useCsrfToken } from "~/components/csrf-input";
import { Glyph } from "~/components/glyph";
import { ProductPicture } from "~/components/product-picture";
import { formatAud } from "~/utils/money";
import { parseStep } from "../rules";
import type { CardProduct } from "../listing";

export type { CardProduct };

export type StepperResult = {
  ok?: boolean;
  error?: string | null;
  productId?: number | null;
  quantity?: number;
};

/** The one form every stepper button of a page submits (form="…"): one CSRF field, not one per card. */
export const STEPPER_FORM_ID = "stepper-form";

const fetcherKey = (id: number) => `stepper-${id}`;

// layout effect in the browser (focus moves before paint), plain effect on the server (no warning)
const useClientLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Server quantities plus the steps still in flight, so counters move the moment a button is pressed. */
export function useOptimisticQuantities(server: Record<number, number>): Record<number, number> {
  const fetchers = useFetchers();
  const out: Record<number, number> = { ...server };
  for (const f of fetchers) {
    if (!f.key.startsWith("stepper-") || !f.formData) continue;
    const step = parseStep(f.formData.get("step"));
    if (!step) continue;
    out[step.productId] = Math.max(
      0,
      (out[step.productId] ?? 0) + (step.intent === "add" ? 1 : -1),
    );
  }
  return out;
}

/**
 * A product tile: illustration on a tinted 4:3 tile, name, weight, optional
 * price and an add/remove stepper. Each button posts the page's stepper form;
 * with JS a fetcher sends it instead and the number moves at once.
 */
export function ProductCard({
  product,
  quantity,
  showPrice,
  action,
  error,
  onResult,
}: {
  product: CardProduct;
  quantity: number;
  showPrice: boolean;
  action: string;
  /** a refusal for this card from a no-JS post */
  error?: string | null;
  onResult?: (result: StepperResult) => void;
}) {
  const fetcher = useFetcher<StepperResult>({ key: fetcherKey(product.id) });
  // a ref, not remix-utils' useHydrated: only the click handler reads it, and as state it made every
  // card of a listing render again right after hydration (a long task on a phone, decision 088)
  const hydrated = useRef(false);
  useEffect(() => {
    hydrated.current = true;
  }, []);
  const csrf = useCsrfToken();
  const pending =
    fetcher.state !== "idle" ? parseStep(fetcher.formData?.get("step"))?.intent : null;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const message = result?.error ?? error ?? null;
  useEffect(() => {
    if (result && onResult) onResult(result);
  }, [result, onResult]);
  const focus = useFocusAfterStep();

  function send(e: MouseEvent<HTMLButtonElement>) {
    if (!hydrated.current) return;
    e.preventDefault();
    if (document.activeElement === e.currentTarget) focus.hold();
    fetcher.submit(
      { csrf, step: e.currentTarget.value, via: "fetcher" },
      { method: "post", action, preventScrollReset: true },
    );
  }

  const titleId = `card-${product.id}-title`;
  return (
    <article
      ref={focus.cardRef}
      className={`product-card${quantity > 0 ? " product-card--chosen" : ""}`}
      id={`card-${product.id}`}
      aria-labelledby={titleId}
    >
      <div className="product-card__tile">
        <ProductPicture src={product.image} width={240} height={180} />
        {quantity > 0 ? (
          <span className="product-card__badge" aria-hidden="true">
            {quantity}
          </span>
        ) : null}
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name" id={titleId}>
          {product.name}
        </h3>
        <CardText product={product} showPrice={showPrice} />
        <Stepper
          product={product}
          quantity={quantity}
          pending={pending ?? null}
          addRef={focus.addRef}
          onClick={send}
        />
        {message ? (
          <p className="product-card__error" role="alert" ref={focus.errorRef}>
            {message}
          </p>
        ) : null}
      </div>
    </article>
  );
}

/**
 * Focus after a step (JS only; without JS the page reloads). The Add button and the stepper's "+"
 * share a React key, so an add keeps focus on the same element, now "+": repeated Enter keeps
 * adding. A remove to 0 unmounts "−"; focus would fall to <body>, so it goes back to Add. Until
 * the shopper does something else (a key, a pointer, a scroll) every render keeps the focused
 * control clear of the sticky summary (scroll-margin in box.css): an alert that the page shows
 * after the answer can push the card down.
 */
function useFocusAfterStep() {
  const cardRef = useRef<HTMLElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const keepFocus = useRef(false);
  useClientLayoutEffect(() => {
    if (!keepFocus.current) return;
    const card = cardRef.current;
    const active = document.activeElement;
    const inCard = !!card && !!active && card.contains(active);
    if (!inCard && active && active !== document.body) {
      keepFocus.current = false; // focus went elsewhere on purpose
      return;
    }
    const target = inCard ? (active as HTMLElement) : addRef.current;
    if (!target) return;
    if (target !== active) target.focus({ preventScroll: true });
    // one call (html scrolls smoothly: a second call would cut the first short); a refusal shows
    // just under the stepper, so bringing it into view brings the control too
    (errorRef.current ?? target).scrollIntoView({ block: "nearest" });
  });
  useEffect(
    () => () => {
      keepFocus.current = false;
    },
    [],
  );
  /** From a press on a focused button until the shopper does something else. */
  function hold() {
    if (keepFocus.current) return;
    keepFocus.current = true;
    const events = ["keydown", "pointerdown", "wheel", "touchmove"] as const;
    const stop = () => {
      keepFocus.current = false;
      for (const type of events) window.removeEventListener(type, stop, true);
    };
    for (const type of events)
      window.addEventListener(type, stop, { capture: true, passive: true });
  }
  return { cardRef, addRef, errorRef, hold };
}

/** Add, or "−", the count and "+": each posts the page's stepper form (a fetcher with JS). */
function Stepper({
  product,
  quantity,
  pending,
  addRef,
  onClick,
}: {
  product: CardProduct;
  quantity: number;
  pending: "add" | "remove" | null;
  addRef: RefObject<HTMLButtonElement>;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
}) {
  // the key: Add and "+" are one element across the swap (see useFocusAfterStep)
  const button = (
    intent: "add" | "remove",
    label: string,
    className: string,
    content: React.ReactNode,
  ) => (
    <button
      key={intent}
      ref={intent === "add" ? addRef : undefined}
      type="submit"
      form={STEPPER_FORM_ID}
      name="step"
      value={`${intent}:${product.id}`}
      className={className}
      aria-label={label}
      data-pending={pending === intent ? "true" : undefined}
      onClick={onClick}
    >
      {content}
    </button>
  );
  return (
    <div className="stepper">
      {quantity > 0 ? (
        <>
          {button(
            "remove",
            `Remove one ${product.name}`,
            "stepper__button",
            <Glyph mark="minus" />,
          )}
          <output
            className="stepper__value"
            aria-live="polite"
            aria-label={`${product.name} in your box`}
          >
            {quantity}
          </output>
          {button("add", `Add one more ${product.name}`, "stepper__button", <Glyph mark="plus" />)}
        </>
      ) : (
        button(
          "add",
          `Add ${product.name}`,
          "button button--secondary stepper__add",
          <span className="button__label">Add</span>,
        )
      )}
    </div>
  );
}

function CardText({ product, showPrice }: { product: CardProduct; showPrice: boolean }) {
  return (
    <>
      <p className="product-card__meta">
        {product.weight ? <span>{product.weight}</span> : null}
        {showPrice ? (
          <span className="price product-card__price">{formatAud(product.priceCents)}</span>
        ) : null}
      </p>
      {product.description ? (
        <p className="product-card__description">{product.description}</p>
      ) : null}
    </>
  );
}
