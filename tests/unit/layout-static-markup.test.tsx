// The site's header and footer rendered once per variant on the server (StaticMarkup): the page's
// HTML is the same byte for byte as when React renders them in place (which is what the browser
// hydrates against), the string renderer works inside the page's stream render, and each variant
// is rendered once.
import { streamRender } from "./stream-render";
import {
  StaticRouterProvider,
  createStaticHandler,
  createStaticRouter,
} from "react-router-dom/server";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { MarkupCacheProvider, StaticMarkup } from "~/components/layout/static-markup";
import { staticMarkup } from "~/http/static-markup.server";

const render = streamRender;

type User = Parameters<typeof SiteHeader>[0]["user"];

/** The chrome around a page at `path`, in a static data router as Remix's server renders it. */
async function chrome(path: string, user: User, cached: boolean) {
  const routes = [
    {
      path: "*",
      element: (
        <>
          <SiteHeader user={user} />
          <main>text</main>
          <SiteFooter />
        </>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://shop.test${path}`));
  if (context instanceof Response) throw new Error("no page");
  const app = (
    <StaticRouterProvider router={createStaticRouter(routes, context)} context={context} />
  );
  return render(
    cached ? <MarkupCacheProvider value={staticMarkup}>{app}</MarkupCacheProvider> : app,
  );
}

const PATHS = [
  "/",
  "/sign-in",
  "/blog",
  "/blog/recipes",
  "/faq",
  "/get-started/box-size",
  "/dashboard/my-deliveries",
];
const SUBSCRIBER = { email: "sam@example.com", firstName: "Sam", subscriber: true };

describe("the site's chrome rendered once per variant", () => {
  it("gives the same page as the chrome rendered in place, for a visitor on every section", async () => {
    for (const path of PATHS) {
      // twice: the first renders the variant, the second reads it back
      for (let i = 0; i < 2; i++)
        expect(await chrome(path, null, true)).toBe(await chrome(path, null, false));
    }
  });

  it("marks the current section in a visitor's header", async () => {
    const html = await chrome("/blog/recipes", null, true);
    expect(html.match(/aria-current="page"/g)).toHaveLength(2); // the wide and the narrow menu
    expect(html).toContain('<a href="/blog" data-site-link="" aria-current="page">Blog</a>');
    expect(await chrome("/terms", null, true)).not.toContain("aria-current");
  });

  it("renders a signed-in visitor's header in place: their name and form are theirs", async () => {
    const sam = await chrome("/blog", SUBSCRIBER, true);
    expect(sam).toBe(await chrome("/blog", SUBSCRIBER, false));
    expect(sam).toContain("Signed in as Sam");
    const alex = await chrome("/blog", { ...SUBSCRIBER, firstName: "Alex" }, true);
    expect(alex).toContain("Signed in as Alex");
    expect(alex).not.toContain("Sam");
  });

  it("renders each key once", async () => {
    let renders = 0;
    function Counted() {
      renders++;
      return <p>static</p>;
    }
    const key = `counted ${Math.random()}`;
    const block = (
      <MarkupCacheProvider value={staticMarkup}>
        <StaticMarkup as="footer" props={{ className: "x" }} markupKey={key}>
          <Counted />
        </StaticMarkup>
      </MarkupCacheProvider>
    );
    expect(await render(block)).toBe('<footer class="x"><p>static</p></footer>');
    expect(await render(block)).toBe('<footer class="x"><p>static</p></footer>');
    expect(renders).toBe(1);
  });
});
