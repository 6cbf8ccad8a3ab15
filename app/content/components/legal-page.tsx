import { PageHeader } from "~/components/page-header";
import type { LegalData } from "../types";
import { useClearLocalStorage } from "./hooks";
import { SanitisedHtml } from "./html";

/** Terms, privacy and refund pages: header and content from the pages table; they clear local storage on load (SPEC §2). */
export function LegalPage({ page }: { page: LegalData }) {
  useClearLocalStorage();
  return (
    <>
      <PageHeader eyebrow="Legal" title={page.header} />
      <div className="section container">
        <SanitisedHtml className="prose legal" html={page.content} />
      </div>
    </>
  );
}
