// An empty cell of a back-office table: a dash to the eye and "none" to a screen reader (an
// aria-label on a plain span is not allowed in HTML and many readers ignore it).
export function NoValue() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className="visually-hidden">none</span>
    </>
  );
}
