import type {
  LinkDescriptor,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_RemixContext,
  isRouteErrorResponse,
  useMatches,
  useRouteError,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { createContext, Fragment, useContext, useEffect } from "react";
import { csrf, getUser, isSharedCacheable, isTestShop } from "~/root.server";
import { isSubscriber } from "~/subscriptions/subscriber.server";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteFooter } from "~/components/layout/site-footer";
import { BackOfficeHeader } from "~/components/layout/back-office-header";
import type { BackOfficeData } from "~/routes/admin";
import { ErrorState } from "~/components/layout/error-state";
import { TestShopBanner } from "~/components/layout/test-shop-banner";
import { NavigationFocus } from "~/components/navigation-focus";
import { useNonce } from "~/utils/nonce";
import { pageMeta } from "~/utils/meta";
import { BRAND } from "~/config";
import { track } from "~/utils/analytics";
import { redactUrl } from "~/security/redact.mjs";
import appStylesHref from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: appStylesHref },
];

export const meta: MetaFunction = () =>
  pageMeta(undefined, `${BRAND.name}: ${BRAND.tagline}. Free delivery, no minimum order.`);

export async function loader({ request }: LoaderFunctionArgs) {
  // The shared version of a public page: no user, no CSRF token, no cookie (decision 011).
  if (isSharedCacheable(request))
    return data({
      csrf: "",
      user: null as { email: string; firstName: string; subscriber: boolean } | null,
      testShop: isTestShop,
    });
  const [user, [token, csrfCookie]] = await Promise.all([
    getUser(request),
    csrf.commitToken(request),
  ]);
  const subscriber = user ? await isSubscriber(user.id) : false;
  const headers = new Headers();
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  return data(
    {
      csrf: token,
      user: user ? { email: user.email, firstName: user.firstName, subscriber } : null,
      // a production shop on the payment sandbox says so on every page (decision 063)
      testShop: isTestShop,
    },
    { headers },
  );
}

// A page served without a CSRF token (a shared public page) fetches the root data again on the
// next client-side navigation, so a form reached from there gets a token (and the cookie).
let clientHasCsrf = false;
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
  defaultShouldRevalidate || !clientHasCsrf;

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const office = useBackOffice();
  if (typeof document !== "undefined") clientHasCsrf = Boolean(rootData?.csrf);
  useEffect(() => {
    // Hydrated: the e2e suite waits for this marker, and entry.client.tsx stops holding events at it.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f1d1a" />
        <Meta />
        <PageLinks nonce={nonce} />
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to content
        </a>
        {rootData?.testShop ? <TestShopBanner /> : null}
        {office ? (
          <BackOfficeHeader staff={office.staff} sections={office.sections} />
        ) : (
          <SiteHeader user={rootData?.user ?? null} />
        )}
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        {office ? null : <SiteFooter />}
        <ScrollRestoration nonce={nonce} />
        <NavigationFocus />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The back office's header instead of the shop's: on its pages once a member of staff is signed in
 * (the /admin frame's data), and on its sign-in page. A customer's 404 under /admin has no such data
 * and keeps the shop's frame, so it looks like any other missing page.
 */
function useBackOffice(): {
  staff: BackOfficeData["staff"] | null;
  sections: BackOfficeData["sections"];
} | null {
  const matches = useMatches();
  const office = useRouteLoaderData<BackOfficeData>("routes/admin");
  if (office) return office;
  const signIn = matches.some(
    (m) => (m.handle as { backOffice?: unknown } | undefined)?.backOffice === "sign-in",
  );
  return signIn ? { staff: null, sections: [] } : null;
}

/** Server only: the text of a built stylesheet to inline, or null (entry.server provides it). */
const InlineCssContext = createContext<((href: string) => string | null) | null>(null);
export const InlineCssProvider = InlineCssContext.Provider;

// In the browser, a stylesheet the server inlined is read back from its <style data-href> once
// and kept, so hydration renders the same element and a later visit to that route reuses it.
const inlinedInBrowser = new Map<string, string | null>();
function browserInlineCss(href: string): string | null {
  let css = inlinedInBrowser.get(href);
  if (css === undefined) {
    const el = Array.from(document.querySelectorAll<HTMLStyleElement>("style[data-href]")).find(
      (s) => s.dataset.href === href,
    );
    css = el ? (el.textContent ?? "") : null;
    inlinedInBrowser.set(href, css);
  }
  return css;
}

// React 18's types leave out <link disabled>, which HTML defines (and React renders as a boolean)
const DISABLED = { disabled: true };

/**
 * Remix's <Links/>, except that small stylesheets arrive inline on a full page load (no
 * render-blocking request before first paint); client-side navigations add <link>s as usual.
 */
function PageLinks({ nonce }: { nonce: string }) {
  const remix = useContext(UNSAFE_RemixContext);
  const serverCss = useContext(InlineCssContext);
  const matches = useMatches();
  if (!remix) return null;
  const seen = new Set<string>();
  const links: LinkDescriptor[] = [];
  for (const match of matches) {
    const css = remix.manifest.routes[match.id]?.css ?? [];
    for (const link of [
      ...css.map((href) => ({ rel: "stylesheet", href })),
      ...(remix.routeModules[match.id]?.links?.() ?? []),
    ]) {
      const key = JSON.stringify(link);
      if (!seen.has(key)) {
        seen.add(key);
        links.push(link);
      }
    }
  }
  return (
    <>
      {links.map((link) => {
        if ("page" in link) return null;
        const href = link.href ?? "";
        const inline =
          link.rel === "stylesheet" && href
            ? serverCss
              ? serverCss(href)
              : typeof document !== "undefined"
                ? browserInlineCss(href)
                : null
            : null;
        return inline !== null ? (
          <Fragment key={href}>
            <style
              data-href={href}
              nonce={nonce || undefined}
              dangerouslySetInnerHTML={{ __html: inline }}
            />
            {/* Remix preloads a route's stylesheets before each loader and action call unless a
                <link rel="stylesheet"> with that href is in the document, and an action's redirect
                that lands before that preload is an unhandled rejection (decision 065). A disabled
                link is never fetched or applied: it only tells Remix the styles are here. */}
            <link rel="stylesheet" href={href} {...DISABLED} />
          </Fragment>
        ) : (
          <link key={`${link.rel}:${href}`} {...link} />
        );
      })}
    </>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    // an error page under a one-tap or activation link must not hand its token to a tag manager
    track("error", { status, path: redactUrl(window.location.pathname) });
  }, [status]);
  return <ErrorState status={status} />;
}
