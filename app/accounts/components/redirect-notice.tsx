import { Link, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { LIMITS } from "~/config";

/**
 * A success message that moves on to `to` after 3 seconds: a timer with
 * JavaScript, a meta refresh inside <noscript> without (React leaves noscript
 * content alone in the browser, so the two never race), and a link for both.
 */
export function RedirectNotice({
  to,
  linkLabel,
  children,
}: {
  to: string;
  linkLabel: string;
  children: React.ReactNode;
}) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const seconds = Math.round(LIMITS.passwordRedirectDelayMs / 1000);
  useEffect(() => {
    ref.current?.focus();
    const timer = window.setTimeout(() => navigate(to), LIMITS.passwordRedirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [navigate, to]);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="form-alert form-alert--success auth__notice"
      role="status"
    >
      <noscript>
        <meta httpEquiv="refresh" content={`${seconds};url=${to}`} />
      </noscript>
      <svg
        aria-hidden="true"
        width="24"
        height="24"
        viewBox="0 0 24 24"
        className="auth__notice-icon"
      >
        <circle cx="12" cy="12" r="11" fill="currentColor" />
        <path
          d="M7 12.5l3.2 3.2L17 9"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <div>
        {children}
        <p>
          We'll take you to the sign-in page in {seconds} seconds. <Link to={to}>{linkLabel}</Link>
        </p>
      </div>
    </div>
  );
}
