import { useId } from 'react';
import type { ChoiceOption } from './controls';
import classes from './controls.module.css';

// The filter panel's fieldsets, apart from the controls every listing page shows (its panel is a
// deferred part: these come with it).

export interface CheckboxListProps<V extends string> {
  legend: string;
  options: ChoiceOption<V>[];
  value: V[];
  onChange: (value: V[]) => void;
}

/** A fieldset of checkboxes: any number may be ticked. */
export function CheckboxList<V extends string>({ legend, options, value, onChange }: CheckboxListProps<V>) {
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      <div className={classes.options}>
        {options.map((option) => (
          <label key={option.value} className={classes.option}>
            <input
              type="checkbox"
              value={option.value}
              checked={value.includes(option.value)}
              onChange={(event) => onChange(event.currentTarget.checked ? [...value, option.value] : value.filter((v) => v !== option.value))}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export interface RadioListProps<V extends string> {
  legend: string;
  options: ChoiceOption<V>[];
  value: V | null;
  onChange: (value: V) => void;
}

/** A fieldset of radio buttons: at most one is chosen. */
export function RadioList<V extends string>({ legend, options, value, onChange }: RadioListProps<V>) {
  const name = useId();
  return (
    <fieldset className={classes.fieldset}>
      <legend className={classes.legend}>{legend}</legend>
      <div className={classes.options}>
        {options.map((option) => (
          <label key={option.value} className={classes.option}>
            <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

