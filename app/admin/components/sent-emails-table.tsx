// The e-mails list of an order or a customer page (app/admin/sent-emails.server.ts).
import type { SentEmail } from "~/admin/sent-emails.server";
import { formatStaffTime } from "~/admin/format";
import { EmptyState } from "./admin-page";
import { TableBox } from "~/admin/components/table-box";

const STATE_LABELS: Record<SentEmail["state"], string> = {
  sent: "Sent",
  waiting: "Waiting to send",
  failed: "Could not be sent",
  kept: "In the outbox",
};

export function SentEmailsTable({ emails, caption }: { emails: SentEmail[]; caption: string }) {
  if (emails.length === 0) return <EmptyState>No e-mails yet.</EmptyState>;
  return (
    <TableBox label={caption}>
      <table className="admin-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Subject</th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {emails.map((e) => (
            <tr key={e.id}>
              <td>{formatStaffTime(e.createdAt)}</td>
              <td>{e.subject}</td>
              <td>
                <span
                  className={`status ${e.state === "failed" ? "status--bad" : e.state === "sent" ? "status--good" : "status--info"}`}
                >
                  {STATE_LABELS[e.state]}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableBox>
  );
}
