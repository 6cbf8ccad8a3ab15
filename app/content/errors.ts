// Typed errors of the content domain. Page loaders turn ContentNotFoundError
// into a 404 page; the /api routes turn both into JSON errors (404 / 400).
export class ContentNotFoundError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = "ContentNotFoundError";
  }
}

/** A slug from a URL that cannot name anything: control characters ("%00" is a database error on PostgreSQL). */
export function assertPlausibleSlug(slug: string, what: string): void {
  // eslint-disable-next-line no-control-regex -- control characters are what it looks for
  if (/[\u0000-\u001f]/.test(slug) || slug.length > 200) throw new ContentNotFoundError(what);
}

export class BadPageError extends Error {
  constructor(raw: string) {
    super(`The page number must be a whole number of 1 or more (got "${raw}")`);
    this.name = "BadPageError";
  }
}
