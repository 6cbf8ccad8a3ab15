// The `headers` export of routes whose loader or action sets caching or security headers.
import { loaderAndActionHeaders } from "~/http/route-headers";

const call = (
  h: Partial<Record<"parentHeaders" | "loaderHeaders" | "actionHeaders" | "errorHeaders", Headers>>,
) =>
  new Headers(
    loaderAndActionHeaders({
      parentHeaders: new Headers(),
      loaderHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
      ...h,
    }),
  );

describe("loaderAndActionHeaders", () => {
  it("passes on what the loader set", () => {
    const out = call({
      loaderHeaders: new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" }),
    });
    expect(out.get("Cache-Control")).toBe("no-store");
    expect(out.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("merges parent, loader, action and error headers, later ones winning", () => {
    const out = call({
      parentHeaders: new Headers({ "X-Parent": "1", "Cache-Control": "max-age=60" }),
      loaderHeaders: new Headers({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" }),
      actionHeaders: new Headers({ "Retry-After": "60" }),
      errorHeaders: new Headers({ "Referrer-Policy": "same-origin" }),
    });
    expect(Object.fromEntries(out)).toEqual({
      "x-parent": "1",
      "cache-control": "no-store",
      "retry-after": "60",
      "referrer-policy": "same-origin",
    });
  });

  it("leaves cookies to Remix, which adds each one itself", () => {
    const out = call({
      loaderHeaders: new Headers({ "Set-Cookie": "a=1", "Cache-Control": "no-store" }),
    });
    expect(out.has("Set-Cookie")).toBe(false);
  });
});
