// The route tree and pathnames the route-matching tests share.
import type { AgnosticRouteObject } from "@remix-run/router";

// A tree with the shapes the app's routes use: a layout, index routes, params, an optional
// segment, a splat, a pathless layout and a case-sensitive path. Built fresh per call, as the
// server render does for every request.
export function tree(): AgnosticRouteObject[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "home", index: true },
        {
          id: "blog",
          path: "blog",
          children: [
            { id: "blog-index", index: true },
            { id: "blog-page", path: "page/:n" },
          ],
        },
        { id: "post", path: "blog-post/:slug" },
        {
          id: "start",
          path: "get-started",
          children: [
            { id: "start-index", index: true },
            { id: "items", path: "your-items" },
            { id: "checkout", path: "checkout" },
          ],
        },
        { id: "pathless", children: [{ id: "dash", path: "dashboard/:section?" }] },
        { id: "orders", path: "dashboard/orders/:number" },
        { id: "exact", path: "FAQ", caseSensitive: true },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

export const PATHS = [
  "/",
  "/blog",
  "/blog/",
  "/blog/page/2",
  "/blog-post/how-we-pack",
  "/blog-post/caf%C3%A9",
  "/get-started",
  "/get-started/your-items",
  "/get-started/checkout?x=1#top",
  "/dashboard",
  "/dashboard/account",
  "/dashboard/orders/PT-100231",
  "/FAQ",
  "/faq",
  "/nowhere/at/all",
  "//double",
];
