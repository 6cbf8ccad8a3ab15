// Writing an address on file: checkout saves the order's addresses, the account
// page adds a delivery address. One insert, so both store the same columns.
import type { Kysely, Transaction } from "kysely";
import type { AddressInput } from "~/addresses/address-schema";
import type { DB } from "~/db/schema";

/** One address as a comparable string: case, spacing and a leading 0 of the postcode do not make another address. */
export function normalisedAddress(
  a:
    | Pick<AddressInput, "line1" | "line2" | "city" | "state" | "postcode">
    | { line1: string; line2: string | null; city: string; state: string; postcode: string },
): string {
  return [a.line1, a.line2 ?? "", a.city, a.state, a.postcode.replace(/^0+/, "")]
    .map((s) => s.trim().toLowerCase().replace(/\s+/g, " "))
    .join("|");
}

/** Inserts one of the user's addresses (always in Australia) and returns its id. */
export async function insertAddress(
  executor: Kysely<DB> | Transaction<DB>,
  userId: number,
  kind: "shipping" | "billing",
  a: AddressInput,
) {
  const { id } = await executor
    .insertInto("addresses")
    .values({
      userId,
      kind,
      addressType: a.addressType,
      line1: a.line1,
      line2: a.line2 ?? null,
      city: a.city,
      state: a.state,
      postcode: a.postcode,
      country: "AU",
      company: a.company ?? null,
      createdAt: new Date().toISOString(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}
