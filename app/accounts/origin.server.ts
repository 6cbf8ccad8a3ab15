// The origin for absolute links in e-mails. APP_ORIGIN (e.g.
// https://www.paddockandtide.com.au) wins when set, so a forged Host header
// can never point a reset link at another site; otherwise the request's own origin.
export function appOrigin(request: Request, configured = process.env.APP_ORIGIN): string {
  if (configured) {
    try {
      return new URL(configured).origin;
    } catch {
      throw new Error(`APP_ORIGIN is not a valid URL: ${configured}`);
    }
  }
  return new URL(request.url).origin;
}
