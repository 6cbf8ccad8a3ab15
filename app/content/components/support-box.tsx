import { BRAND } from "~/config";

/** The support e-mail and phone (SPEC §1: on the delivery and FAQ pages). */
export function SupportBox({ title = "Still have questions?" }: { title?: string }) {
  return (
    <aside className="support-box" aria-labelledby="support-title">
      <h2 id="support-title">{title}</h2>
      <p>Our team in Australia is here to help, Monday to Friday, 8am to 6pm.</p>
      <p>
        Email <a href={`mailto:${BRAND.supportEmail}`}>{BRAND.supportEmail}</a>
        <br />
        Call <a href={BRAND.supportPhoneHref}>{BRAND.supportPhone}</a>
      </p>
    </aside>
  );
}
