// Marks drawn as inline SVG rather than typed as characters ("✓", "−", "—"). A page's markup that
// holds one character above U+00FF makes V8 widen the whole rendered page to two bytes a character
// before it can be sent: about 1.5 ms more of the server's CPU a request on an 80 KB page (decision
// 091). Each mark is hidden from assistive technology; where it carries meaning, the text beside it
// says it in words.
import { formatAud } from "~/utils/money";

type Mark = "check" | "minus" | "plus" | "dash";

const PATHS: Record<Mark, string> = {
  check: "M3.5 8.5l3 3 6-7",
  minus: "M3 8h10",
  plus: "M3 8h10M8 3v10",
  dash: "M2 8h12",
};

/** A mark the size of the text around it, in its colour. */
export function Glyph({ mark, className }: { mark: Mark; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 16 16"
      width="1em"
      height="1em"
      className={className ? `glyph ${className}` : "glyph"}
    >
      {/* the stroke is styled in global.css (.glyph path): once a page, not once a mark */}
      <path d={PATHS[mark]} />
    </svg>
  );
}

/** An amount taken off a total: a drawn minus, read as "minus $10". */
export function AmountOff({ cents }: { cents: number }) {
  return (
    <>
      <Glyph mark="minus" className="glyph--sign" />
      <span className="visually-hidden">minus </span>
      {formatAud(cents)}
    </>
  );
}

/** An empty table cell's mark: a drawn dash, read as "none". */
export function NoValue() {
  return (
    <>
      <Glyph mark="dash" />
      <span className="visually-hidden">none</span>
    </>
  );
}
