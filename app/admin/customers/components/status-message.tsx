// The status message after an action (a redirect's ?done=): announced, and with JavaScript focused so
// a keyboard or screen-reader user lands on it, as the redirect's #status does without.
import { useEffect, useRef } from "react";

export function StatusMessage({ message }: { message: string | null }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1} ref={ref}>
      {message}
    </p>
  );
}
