// Renders HTML that the content services have already sanitised on the server.
export function SanitisedHtml({ html, className }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
