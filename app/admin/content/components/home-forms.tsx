// The home page's two forms (/admin/content/home), each saved on its own: the hero (its words,
// points and slides, picked from our images) and the ticker under it.
import { ValidatedForm } from "~/components/validated-form";
import { heroFormValidator, tickerFormValidator } from "~/admin/content/form-validators";
import { CsrfInput } from "~/components/csrf-input";
import {
  FocusFirstError,
  FormSubmit,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/forms";
import { formIdOf } from "~/content/labels";

const HERO_FORM = "hero-form";
const TICKER_FORM = "ticker-form";

export type HeroValues = {
  title: string;
  description: string;
  cta: string;
  bullets: string;
  slides: { mobile: string; desktop: string; alt: string }[];
};

type ImageChoice = { value: string; label: string };

/** The hero's form; `updatedAt` (the saved version) makes each version a form of its own. */
export function HeroForm({
  hero,
  images,
  updatedAt,
}: {
  hero: HeroValues;
  images: string[];
  updatedAt: string;
}) {
  const heroForm = formIdOf(HERO_FORM, updatedAt);
  const imageChoices = images.map((src) => ({ value: src, label: src.replace("/images/", "") }));
  return (
    <ValidatedForm
      key={`hero-${updatedAt}`}
      validator={heroFormValidator}
      method="post"
      id={heroForm}
      noValidate
      defaultValues={hero as never}
      className="form content-form"
    >
      <CsrfInput />
      <FocusFirstError formId={heroForm} />
      <input type="hidden" name="intent" value="hero" />
      <TextField name="title" label="Heading" maxLength={120} autoComplete="off" />
      <TextAreaField name="description" label="Text" rows={3} maxLength={300} />
      <TextField name="cta" label="Button words" maxLength={40} autoComplete="off" />
      <TextAreaField name="bullets" label="Points" hint="One a line, up to 6." rows={4} />
      {hero.slides.map((_, i) => (
        <SlideFields key={i} index={i} imageChoices={imageChoices} />
      ))}
      <div className="content-form__actions">
        <FormSubmit formId={heroForm}>Save the hero</FormSubmit>
      </div>
    </ValidatedForm>
  );
}

/** One slide of the hero: its image on a phone and on a wide screen, and their description. */
function SlideFields({ index: i, imageChoices }: { index: number; imageChoices: ImageChoice[] }) {
  return (
    <fieldset className="content-slide">
      <legend>
        Slide {i + 1}
        {i > 0 ? " (leave empty for none)" : ""}
      </legend>
      <div className="form-row form-row--2">
        <SelectField
          name={`slides[${i}].mobile`}
          label="Image on a phone"
          placeholder="No image"
          options={imageChoices}
        />
        <SelectField
          name={`slides[${i}].desktop`}
          label="Image on a wide screen"
          placeholder="No image"
          options={imageChoices}
        />
      </div>
      <TextField
        name={`slides[${i}].alt`}
        label="Image description (alt text)"
        maxLength={200}
        autoComplete="off"
      />
    </fieldset>
  );
}

export function TickerForm({
  ticker,
  updatedAt,
}: {
  ticker: { lines: string };
  updatedAt: string;
}) {
  const tickerForm = formIdOf(TICKER_FORM, updatedAt);
  return (
    <ValidatedForm
      key={`ticker-${updatedAt}`}
      validator={tickerFormValidator}
      method="post"
      id={tickerForm}
      noValidate
      defaultValues={ticker as never}
      className="form content-form"
    >
      <CsrfInput />
      <FocusFirstError formId={tickerForm} />
      <input type="hidden" name="intent" value="ticker" />
      <TextAreaField
        name="lines"
        label="Ticker lines"
        hint="The promises that scroll under the hero: one a line, up to 12, each up to 80 characters."
        rows={8}
      />
      <div className="content-form__actions">
        <FormSubmit formId={tickerForm}>Save the ticker</FormSubmit>
      </div>
    </ValidatedForm>
  );
}
