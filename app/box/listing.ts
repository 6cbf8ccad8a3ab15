// The shape of a product listing (your-items, add-ons, the change page): what the catalogue service
// returns and the product cards show. A data type, so services need no UI module for it.

export type CardProduct = {
  id: number;
  name: string;
  /** shown when given (add-ons); cuts keep to name and weight */
  description?: string;
  weight: string | null;
  priceCents: number;
  image: string;
};

export type ListingGroup = { id: number; name: string; products: CardProduct[] };
