// AddressLookup (ARCHITECTURE §4): suggestions while a shopper types an address,
// and the check behind the "We had trouble verifying your address" dialog.
// The embedded default answers from our suburbs table (Australia only); a maps
// places service can implement the same interface when a key is configured.
import { db } from "~/db/client.server";
import { normalisePostcode } from "./postcode";

export type AddressSuggestion = { city: string; state: string; postcode: string; label: string };

export interface AddressLookup {
  /** Places in Australia matching what was typed (a suburb name or a postcode). */
  suggest(query: string, limit?: number): Promise<AddressSuggestion[]>;
  /** Whether suburb, state and postcode belong together. */
  verify(address: { city: string; state: string; postcode: string }): Promise<boolean>;
}

export class SuburbsAddressLookup implements AddressLookup {
  async suggest(query: string, limit = 8): Promise<AddressSuggestion[]> {
    const q = query.trim().replace(/\s+/g, " ").slice(0, 60);
    if (q.length < 2) return [];
    const postcode = normalisePostcode(q);
    const rows = postcode
      ? await db
          .selectFrom("suburbs")
          .select(["name", "state", "postcode"])
          .where("postcodeKey", "=", postcode.key)
          .orderBy("name")
          .limit(limit)
          .execute()
      : await db
          .selectFrom("suburbs")
          .select(["name", "state", "postcode"])
          .where("name", "like", `${titleCase(q).replace(/[%_]/g, "")}%`)
          .orderBy("name")
          .orderBy("postcode")
          .limit(limit)
          .execute();
    return rows.map((r) => ({
      city: r.name,
      state: r.state,
      postcode: r.postcode,
      label: `${r.name}, ${r.state} ${r.postcode}`,
    }));
  }

  async verify(address: { city: string; state: string; postcode: string }): Promise<boolean> {
    const postcode = normalisePostcode(address.postcode);
    if (!postcode) return false;
    const rows = await db
      .selectFrom("suburbs")
      .select(["name", "state"])
      .where("postcodeKey", "=", postcode.key)
      .execute();
    const city = address.city.trim().toLowerCase();
    return rows.some((r) => r.name.toLowerCase() === city && r.state === address.state);
  }
}

// Suburb names are stored title-cased ("Surry Hills"); LIKE is case-sensitive on PostgreSQL.
function titleCase(s: string) {
  return s.toLowerCase().replace(/\b([a-z])/g, (m) => m.toUpperCase());
}

let lookup: AddressLookup | null = null;
export function addressLookup(): AddressLookup {
  lookup ??= new SuburbsAddressLookup();
  return lookup;
}
