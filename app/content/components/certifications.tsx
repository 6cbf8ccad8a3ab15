import { CERTIFICATIONS } from "../copy";

export function Certifications({ headingId = "certs-title" }: { headingId?: string }) {
  return (
    <section className="section" aria-labelledby={headingId}>
      <div className="container">
        <p className="eyebrow">Standards</p>
        <h2 id={headingId}>Certified from paddock and boat</h2>
        <ul className="cert-grid" role="list">
          {CERTIFICATIONS.map((c) => (
            <li className="cert" key={c.title}>
              <img src={c.image} alt="" width={96} height={96} loading="lazy" decoding="async" />
              <h3>{c.title}</h3>
              <p>{c.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
