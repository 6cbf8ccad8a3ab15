// The catalogue landing page's two sections: the boxes with their sizes, and the products by
// category with price, GST, whether sold, and stock on hand (kept on the stock page).
import { Link } from "@remix-run/react";
import { EmptyState } from "~/admin/components/admin-page";
import { TableBox } from "~/admin/components/table-box";
import { formatAud } from "~/admin/format";
import type { BoxRow, CatalogueProductRow } from "./catalogue.server";
import { boxPath, productPath, STOCK_PATH } from "./components";

export type CategoryRows = {
  id: number;
  name: string;
  kind: "cut" | "addon";
  products: CatalogueProductRow[];
};

const stockLabel = (inventory: number | null) =>
  inventory === null ? "Unlimited" : inventory <= 0 ? `${inventory} (hidden)` : String(inventory);

export function BoxesSection({ boxes }: { boxes: BoxRow[] }) {
  return (
    <section className="admin-section" aria-labelledby="boxes-title">
      <h2 id="boxes-title">Boxes</h2>
      <TableBox label="Boxes and their sizes">
        <table className="admin-table">
          <caption>Boxes and their sizes</caption>
          <thead>
            <tr>
              <th scope="col">Box</th>
              <th scope="col">Sizes and prices</th>
              <th scope="col">Sold</th>
              <th scope="col">
                <span className="visually-hidden">Edit</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {boxes.map((b) => (
              <tr key={b.id}>
                <th scope="row">
                  {b.fullName}
                  {b.parentName ? <span className="admin-muted"> ({b.parentName})</span> : null}
                </th>
                <td>
                  <ul className="catalogue-sizes">
                    {b.sizes.map((s) => (
                      <li key={s.id}>
                        {s.size === "large" ? "Large" : "Small"}: {formatAud(s.priceCents)}
                        {s.selectionMaximum !== null ? `, up to ${s.selectionMaximum} cuts` : ""}
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{b.active ? "Yes" : "No"}</td>
                <td>
                  <Link to={boxPath(b.id)} aria-label={`Edit the ${b.fullName}`}>
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>
    </section>
  );
}

export function ProductsSection({ categories }: { categories: CategoryRows[] }) {
  return (
    <section className="admin-section" aria-labelledby="products-title">
      <h2 id="products-title">Products</h2>
      <p className="admin-muted">
        Stock on hand is changed on the <Link to={STOCK_PATH}>stock page</Link>.
      </p>
      {categories.map((c) => (
        <div key={c.id} className="catalogue-category">
          <h3 id={`category-${c.id}`}>
            {c.name}{" "}
            <span className="admin-muted">({c.kind === "addon" ? "add-ons" : "cuts"})</span>
          </h3>
          {c.products.length === 0 ? (
            <EmptyState>No products in this category yet.</EmptyState>
          ) : (
            <CategoryTable category={c} />
          )}
        </div>
      ))}
    </section>
  );
}

function CategoryTable({ category: c }: { category: CategoryRows }) {
  return (
    <TableBox label={c.name}>
      <table className="admin-table">
        <caption className="visually-hidden">{c.name}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="num">
              Price
            </th>
            <th scope="col">GST</th>
            <th scope="col">Sold</th>
            <th scope="col" className="num">
              Stock on hand
            </th>
          </tr>
        </thead>
        <tbody>
          {c.products.map((p) => (
            <tr key={p.id}>
              <th scope="row">
                <Link to={productPath(p.id)}>{p.name}</Link>
              </th>
              <td className="num">{formatAud(p.priceCents)}</td>
              <td>{p.taxable ? "Taxable" : "GST-free"}</td>
              <td>{p.active ? "Yes" : "No"}</td>
              <td className="num">{stockLabel(p.inventory)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
