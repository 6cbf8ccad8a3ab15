// /admin/content/home: the home page's hero (its words, points and slides) and the ticker under it
// (issue 37). Two forms, each saved on its own; slides are picked from our images.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { AdminPage } from "~/admin/components/admin-page";
import { HeroForm, TickerForm } from "~/admin/content/components/home-forms";
import { imageOptions } from "~/admin/content/images.server";
import { getHomeForEdit, saveHero, saveTicker } from "~/admin/content/pages.server";
import { PRIVATE_HEADERS } from "~/admin/content/route-helpers";
import { HERO_SLIDES, heroValidator, tickerValidator } from "~/admin/content/content-schema";
import { formatStaffTime } from "~/admin/format";
import { dispatchIntent } from "~/http/intents.server";
import { requireStaff, type Staff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import contentHref from "~/styles/admin-content.css";

export const meta: MetaFunction = () => [{ title: "Home page | Back office" }];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const home = await getHomeForEdit();
  if (!home) throw new Response("Not found", { status: 404 });
  const saved = new URL(request.url).searchParams.get("saved");
  const slides = Array.from({ length: HERO_SLIDES }, (_, i) => {
    const s = home.hero.images[i];
    return { mobile: s?.mobile ?? "", desktop: s?.desktop ?? "", alt: s?.alt ?? "" };
  });
  const current = home.hero.images.flatMap((s) => [s.mobile, s.desktop]);
  const images = [...new Set([...current, ...imageOptions()])].sort();
  return data(
    {
      updatedAt: home.updatedAt,
      hero: {
        title: home.hero.title,
        description: home.hero.description,
        cta: home.hero.cta,
        bullets: home.hero.list.map((b) => b.bulletText).join("\n"),
        slides,
      },
      ticker: { lines: home.ticker.join("\n") },
      images,
      saved: saved === "hero" || saved === "ticker" ? saved : null,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "content");
  const formData = await readForm(request);
  return dispatchIntent(formData, { hero: saveHeroForm, ticker: saveTickerForm }, staff, formData);
}

async function saveHeroForm(staff: Staff, formData: FormData) {
  const result = await heroValidator.validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  await saveHero(staff, result.data);
  return redirect("/admin/content/home?saved=hero#saved", 303);
}

async function saveTickerForm(staff: Staff, formData: FormData) {
  const result = await tickerValidator.validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  await saveTicker(staff, result.data);
  return redirect("/admin/content/home?saved=ticker#saved", 303);
}

export default function HomePageEdit() {
  const { updatedAt, hero, ticker, images, saved } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Home page"
      lead={
        <>
          The hero and the ticker of <a href="/">the home page</a>. Last saved{" "}
          {formatStaffTime(updatedAt)}.
        </>
      }
      actions={
        <Link to="/admin/content" className="button button--quiet">
          All content
        </Link>
      }
    >
      {saved ? (
        <p className="form-alert form-alert--success" role="status" id="saved" tabIndex={-1}>
          {saved === "hero" ? "The hero is saved." : "The ticker is saved."} It shows on the site
          within a few seconds.
        </p>
      ) : null}
      <section className="admin-section" aria-labelledby="hero-title">
        <h2 id="hero-title">Hero</h2>
        <HeroForm hero={hero} images={images} updatedAt={updatedAt} />
      </section>
      <section className="admin-section" aria-labelledby="ticker-title">
        <h2 id="ticker-title">Ticker</h2>
        <TickerForm ticker={ticker} updatedAt={updatedAt} />
      </section>
    </AdminPage>
  );
}
