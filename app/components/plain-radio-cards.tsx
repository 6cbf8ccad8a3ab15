import { RadioCardText } from "./forms";

/**
 * Radio cards for a plain <Form> (no remix-validated-form context): the same
 * look as RadioCardGroup and ChoiceGroup, for small one-choice forms such as
 * the dashboard's frequency and delivery time.
 */
export function PlainRadioCards({
  id,
  name,
  legend,
  options,
  checked,
  className,
}: {
  id: string;
  name: string;
  legend: string;
  options: { value: string; label: string; description?: string }[];
  checked: string | null;
  className?: string;
}) {
  return (
    <fieldset id={id} className={`field radio-cards ${className ?? ""}`}>
      <legend className="field__label">{legend}</legend>
      <div className="radio-cards__list">
        {options.map((o, i) => (
          <label key={o.value} className="radio-card" htmlFor={`${id}-${i}`}>
            <input
              id={`${id}-${i}`}
              type="radio"
              name={name}
              value={o.value}
              defaultChecked={o.value === checked}
              className="radio-card__input"
            />
            <RadioCardText option={o} />
          </label>
        ))}
      </div>
    </fieldset>
  );
}
