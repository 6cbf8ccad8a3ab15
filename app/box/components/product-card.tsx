import { useFetcher, useFetchers } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { CsrfInput } from "~/components/csrf-input";
import { formatAud } from "~/utils/money";

export type CardProduct = {
  id: number;
  name: string;
  description: string;
  weight: string | null;
  priceCents: number;
  image: string;
};

export type StepperResult = { ok?: boolean; error?: string; productId?: number; quantity?: number };

const fetcherKey = (id: number) => `stepper-${id}`;

/** Server quantities plus the steps still in flight, so counters move the moment a button is pressed. */
export function useOptimisticQuantities(server: Record<number, number>): Record<number, number> {
  const fetchers = useFetchers();
  const out: Record<number, number> = { ...server };
  for (const f of fetchers) {
    if (!f.key.startsWith("stepper-") || !f.formData) continue;
    const id = Number(f.formData.get("productId"));
    const delta = f.formData.get("intent") === "add" ? 1 : -1;
    out[id] = Math.max(0, (out[id] ?? 0) + delta);
  }
  return out;
}

/**
 * A product tile: illustration on a tinted 4:3 tile, name, weight, optional
 * price and an add/remove stepper. Each button is a plain form post; with JS
 * a fetcher sends it and the number moves at once.
 */
export function ProductCard({
  product, quantity, showPrice, action, error, onResult, headingLevel = 3, canAdd = true,
}: {
  product: CardProduct;
  quantity: number;
  showPrice: boolean;
  action: string;
  /** a refusal for this card from a no-JS post */
  error?: string | null;
  onResult?: (result: StepperResult) => void;
  headingLevel?: 3 | 4;
  canAdd?: boolean;
}) {
  const fetcher = useFetcher<StepperResult>({ key: fetcherKey(product.id) });
  const hydrated = useHydrated();
  const pendingIntent = fetcher.state !== "idle" ? fetcher.formData?.get("intent") : null;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const message = result?.error ?? error ?? null;
  useEffect(() => {
    if (result && onResult) onResult(result);
  }, [result, onResult]);
  const Heading = headingLevel === 3 ? "h3" : "h4";
  const titleId = `card-${product.id}-title`;
  const qtyId = `card-${product.id}-qty`;
  return (
    <article className={`product-card${quantity > 0 ? " product-card--chosen" : ""}`} id={`card-${product.id}`} aria-labelledby={titleId}>
      <div className="product-card__tile">
        <img src={product.image} alt="" width={240} height={180} loading="lazy" decoding="async" />
        {quantity > 0 ? <span className="product-card__badge" aria-hidden="true">{quantity}</span> : null}
      </div>
      <div className="product-card__body">
        <Heading className="product-card__name" id={titleId}>{product.name}</Heading>
        <p className="product-card__meta">
          {product.weight ? <span>{product.weight}</span> : null}
          {showPrice ? <span className="price product-card__price">{formatAud(product.priceCents)}</span> : null}
        </p>
        <p className="product-card__description">{product.description}</p>
        <fetcher.Form method="post" action={action} className="stepper" preventScrollReset>
          <CsrfInput />
          <input type="hidden" name="productId" value={product.id} />
          {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
          {quantity > 0 ? (
            <>
              <button
                type="submit" name="intent" value="remove" className="stepper__button"
                aria-label={`Remove one ${product.name}`} data-pending={pendingIntent === "remove" ? "true" : undefined}
              >
                <span aria-hidden="true">−</span>
              </button>
              <output className="stepper__value" id={qtyId} aria-live="polite" aria-label={`${product.name} in your box`}>
                {quantity}
              </output>
              <button
                type="submit" name="intent" value="add" className="stepper__button"
                aria-label={`Add one more ${product.name}`} aria-disabled={!canAdd || undefined}
                data-pending={pendingIntent === "add" ? "true" : undefined}
              >
                <span aria-hidden="true">+</span>
              </button>
            </>
          ) : (
            <button
              type="submit" name="intent" value="add" className="button button--secondary stepper__add"
              aria-label={`Add ${product.name}`} aria-disabled={!canAdd || undefined}
              data-pending={pendingIntent === "add" ? "true" : undefined}
            >
              <span className="button__label">Add</span>
            </button>
          )}
        </fetcher.Form>
        {message ? (
          <p className="product-card__error" role="alert">{message}</p>
        ) : null}
      </div>
    </article>
  );
}
