// Previous and next pages of a back-office list, with where the reader is; plain links, so they work
// without JavaScript.
import { Link, useLocation } from "@remix-run/react";
import { PAGE_SIZE, pageCount, pageHref } from "~/admin/pagination";

export function Pager({ page, total, label }: { page: number; total: number; label: string }) {
  const location = useLocation();
  const pages = pageCount(total);
  const here = location.pathname + location.search;
  if (total === 0) return null;
  const first = (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(page * PAGE_SIZE, total);
  return (
    <nav className="admin-pager" aria-label={`${label} pages`}>
      <p className="admin-pager__where">
        {first}–{last} of {total.toLocaleString("en-AU")}
      </p>
      <ul className="admin-pager__links" role="list">
        <li>
          {page > 1 ? (
            <Link to={pageHref(here, page - 1)} rel="prev">
              Previous page
            </Link>
          ) : null}
        </li>
        <li aria-current="page">
          Page {page} of {pages}
        </li>
        <li>
          {page < pages ? (
            <Link to={pageHref(here, page + 1)} rel="next">
              Next page
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}
