// Typed errors of the content domain. Page loaders turn ContentNotFoundError
// into a 404 page; the /api routes turn both into JSON errors (404 / 400).
export class ContentNotFoundError extends Error {
  constructor(what: string) {
    super(`${what} not found`);
    this.name = "ContentNotFoundError";
  }
}

export class BadPageError extends Error {
  constructor(raw: string) {
    super(`The page number must be a whole number of 1 or more (got "${raw}")`);
    this.name = "BadPageError";
  }
}
