import { useEffect, useState } from "react";
import { LIMITS } from "~/config";
import { useHydrated } from "./hooks";

async function copyText(text: string) {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.append(area);
  area.select();
  document.execCommand("copy");
  area.remove();
}

/** Copies the page URL and says 'URL Copied !' for 3 seconds; without JavaScript, a plain link to the page. */
export function ShareButton({ url }: { url: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), LIMITS.shareCopiedMs);
    return () => window.clearTimeout(timer);
  }, [copied]);
  return (
    <div className="share">
      {hydrated ? (
        <button
          type="button"
          className="button button--secondary share__button"
          onClick={() =>
            copyText(window.location.href).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          <ShareIcon />
          Share
        </button>
      ) : (
        <a className="button button--secondary share__button" href={url}>
          <ShareIcon />
          Share<span className="visually-hidden">: link to this page</span>
        </a>
      )}
      <span className="share__status" role="status">
        {copied ? "URL Copied !" : ""}
      </span>
    </div>
  );
}

function ShareIcon() {
  return (
    <svg
      aria-hidden="true"
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1" />
      <path d="M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1" />
    </svg>
  );
}
