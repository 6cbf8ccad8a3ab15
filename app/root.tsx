import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { getUser } from "~/accounts/session.server";
import { csrf } from "~/security/csrf.server";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteFooter } from "~/components/layout/site-footer";
import { ErrorState } from "~/components/layout/error-state";
import { useNonce } from "~/utils/nonce";
import { pageMeta } from "~/utils/meta";
import { BRAND } from "~/config";
import { track } from "~/utils/analytics";
import appStylesHref from "~/styles/app.css";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: appStylesHref },
];

export const meta: MetaFunction = () => pageMeta(undefined, `${BRAND.name}: ${BRAND.tagline}. Free delivery, no minimum order.`);

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, [token, csrfCookie]] = await Promise.all([getUser(request), csrf.commitToken(request)]);
  const headers = new Headers();
  if (csrfCookie) headers.append("Set-Cookie", csrfCookie);
  return data(
    {
      csrf: token,
      user: user ? { email: user.email, firstName: user.firstName } : null,
    },
    { headers },
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  useEffect(() => {
    // A marker the e2e suite waits for before interacting with JS enhancements.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f1d1a" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">Skip to content</a>
        <SiteHeader user={rootData?.user ?? null} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useEffect(() => {
    track("error", { status, path: window.location.pathname });
  }, [status]);
  return <ErrorState status={status} />;
}
