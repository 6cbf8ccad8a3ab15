// Read-only view of the boxes for the content pages (home carousel, how it
// works, why us): names, "from" prices, sizes and this month's contents.
import { sydneyMonth } from "~/utils/sydney-time.server";
import { db } from "~/db/client.server";
import type { Box } from "./types";

/** The custom box and every curated box, in catalogue order, each with its sizes. */
export async function listShowcaseBoxes(): Promise<Box[]> {
  const rows = await db
    .selectFrom("packages")
    .select([
      "id",
      "parentId",
      "slug",
      "name",
      "fullName",
      "kind",
      "size",
      "description",
      "priceCents",
      "people",
      "weight",
      "image",
      "sortOrder",
      "selectionMaximum",
    ])
    .where("active", "=", 1)
    .orderBy("sortOrder")
    .orderBy("id")
    .execute();
  const contents = await db
    .selectFrom("packageContents")
    .select(["packageId", "month", "item", "quantity"])
    // next month's contents, prepared in the back office, show from the 1st (Sydney time)
    .where("month", "<=", sydneyMonth(new Date()))
    .orderBy("month", "desc")
    .orderBy("sortOrder")
    .execute();
  const latest = new Map<number, { month: string; items: { item: string; quantity: string }[] }>();
  for (const c of contents) {
    const entry = latest.get(c.packageId) ?? { month: c.month, items: [] };
    if (entry.month === c.month) entry.items.push({ item: c.item, quantity: c.quantity });
    latest.set(c.packageId, entry);
  }
  const childrenOf = (id: number) => rows.filter((r) => r.parentId === id);
  const isLeaf = (id: number) =>
    childrenOf(id).every((c) => c.size !== null) && childrenOf(id).length > 0;
  // A showcase box is a package whose children are its sizes (custom, salmon, beef ...).
  return rows
    .filter((r) => r.size === null && isLeaf(r.id))
    .map((r) => {
      const sizes = childrenOf(r.id)
        .filter((c) => c.size !== null)
        .map((c) => ({
          size: c.size as "small" | "large",
          people: c.people,
          weight: c.weight,
          priceCents: c.priceCents,
          selectionMaximum: c.selectionMaximum,
        }));
      return {
        slug: r.slug,
        name: r.name,
        fullName: r.fullName,
        kind: r.kind,
        description: r.description,
        image: r.image,
        fromPriceCents: Math.min(r.priceCents, ...sizes.map((s) => s.priceCents)),
        sizes,
        contents: latest.get(r.id)?.items ?? [],
      };
    });
}
