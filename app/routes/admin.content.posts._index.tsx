// /admin/content/posts (?type=recipe): blog posts or recipes, drafts included, newest edit first,
// 50 a page (issue 37, permission "content").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, EmptyState } from "~/admin/components/admin-page";
import { Pager } from "~/admin/components/pager";
import { TableBox } from "~/admin/components/table-box";
import { PostStatusBadge } from "~/admin/content/components/post-status";
import { listPostsForStaff } from "~/admin/content/posts.server";
import { postEditPath, PRIVATE_HEADERS, typeOf } from "~/admin/content/route-helpers";
import { formatStaffTime } from "~/admin/format";
import { pageOf } from "~/admin/pagination";
import { POST_TYPE_LABELS } from "~/content/labels";
import { requireStaff } from "~/staff/staff-session.server";
import contentHref from "~/styles/admin-content.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? POST_TYPE_LABELS[data.type].many : "Posts"} | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const url = new URL(request.url);
  const type = typeOf(url);
  const page = pageOf(url);
  const { rows, total } = await listPostsForStaff(type, page);
  return data(
    { type, page, rows, total, now: new Date().toISOString() },
    { headers: PRIVATE_HEADERS },
  );
}

export default function ContentPosts() {
  const { type, page, rows, total, now } = useLoaderData<typeof loader>();
  const labels = POST_TYPE_LABELS[type];
  const other = type === "recipe" ? "news" : "recipe";
  return (
    <AdminPage
      title={labels.many}
      lead={
        <>
          Drafts show nowhere on the site; a published {labels.one} shows from its publish date.{" "}
          <Link
            to={other === "recipe" ? "/admin/content/posts?type=recipe" : "/admin/content/posts"}
          >
            {POST_TYPE_LABELS[other].many}
          </Link>{" "}
          · <Link to="/admin/content">All content</Link>
        </>
      }
      actions={
        <Link to={`/admin/content/posts/new?type=${type}`} className="button button--primary">
          New {labels.one}
        </Link>
      }
    >
      {rows.length ? (
        <>
          <TableBox label={`${labels.many}, newest edit first`}>
            <table className="admin-table">
              <caption>{labels.many}, newest edit first</caption>
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Status</th>
                  <th scope="col">Publish date</th>
                  <th scope="col">Updated</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id}>
                    <th scope="row">
                      <Link to={postEditPath(r.id)}>{r.title}</Link>
                      <br />
                      <span className="content-slug">/{r.slug}</span>
                    </th>
                    <td>
                      <PostStatusBadge status={r.status} publishedAt={r.publishedAt} now={now} />
                    </td>
                    <td>{r.publishedAt ? formatStaffTime(r.publishedAt) : "Not set"}</td>
                    <td>{formatStaffTime(r.updatedAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableBox>
          <Pager page={page} total={total} label={labels.many} />
        </>
      ) : (
        <EmptyState>No {labels.many.toLowerCase()} yet.</EmptyState>
      )}
    </AdminPage>
  );
}
