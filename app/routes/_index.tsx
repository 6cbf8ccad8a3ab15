import type { MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { BRAND } from "~/config";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () => pageMeta("Home", `${BRAND.tagline}. Custom and curated boxes, free delivery, no minimum order.`);

export default function Home() {
  return (
    <section className="section">
      <div className="container">
        <h1>{BRAND.tagline}</h1>
        <p><Link className="button button--primary" to="/get-started">Build your box</Link></p>
      </div>
    </section>
  );
}
