// /admin/content: what an editor can change, each section a link (issue 37, permission "content").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { LEGAL_PAGES } from "~/admin/content/pages.server";
import { PRIVATE_HEADERS } from "~/admin/content/route-helpers";
import { requireStaff } from "~/staff/staff-session.server";
import contentHref from "~/styles/admin-content.css";

export const meta: MetaFunction = () => [{ title: "Content | Back office" }];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  return data({ legal: LEGAL_PAGES }, { headers: PRIVATE_HEADERS });
}

export default function ContentHome() {
  const { legal } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Content"
      lead="Blog posts, recipes, the FAQ, the legal pages and the home page. Every save shows on the site within a few seconds."
    >
      <ul className="admin-grid content-sections" role="list">
        <li className="admin-card">
          <h2>
            <Link to="/admin/content/posts">Blog posts</Link>
          </h2>
          <p>News and stories: write, preview, publish or keep as a draft.</p>
        </li>
        <li className="admin-card">
          <h2>
            <Link to="/admin/content/posts?type=recipe">Recipes</Link>
          </h2>
          <p>Recipes with their ingredients, directions, times and servings.</p>
        </li>
        <li className="admin-card">
          <h2>
            <Link to="/admin/content/faq">FAQ</Link>
          </h2>
          <p>Questions and answers by section, in the order you choose.</p>
        </li>
        <li className="admin-card">
          <h2 id="legal-title">Legal pages</h2>
          <ul aria-labelledby="legal-title">
            {legal.map((p) => (
              <li key={p.key}>
                <Link to={`/admin/content/pages/${p.key}`}>{p.label}</Link>
              </li>
            ))}
          </ul>
        </li>
        <li className="admin-card">
          <h2>
            <Link to="/admin/content/home">Home page</Link>
          </h2>
          <p>The hero slides and the ticker under them.</p>
        </li>
      </ul>
    </AdminPage>
  );
}
