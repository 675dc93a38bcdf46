import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import classes from './controls.module.css';

// Native form controls styled with the theme's variables. The public pages use these instead of
// Mantine's inputs, checkboxes, radios and pagination, which would add about 10 kB of gzipped
// JavaScript to the first load of the home page and /cars.

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> {
  /** Visible label; without it, pass `aria-label`. */
  label?: string;
}

/** A labelled text input. */
export function TextField({ label, id, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={classes.field}>
      {label ? (
        <label htmlFor={inputId} className={classes.label}>
          {label}
        </label>
      ) : null}
      <input id={inputId} className={classes.input} {...input} />
    </div>
  );
}

export interface ChoiceOption<V extends string> {
  value: V;
  label: ReactNode;
}

export interface SelectFieldProps<V extends string> {
  label: string;
  options: ChoiceOption<V>[];
  /** The chosen value; `null` shows `emptyLabel`. */
  value: V | null;
  /** What the empty choice says ("Any"); without it a value is always chosen. */
  emptyLabel?: string;
  onChange: (value: V | null) => void;
}

/** A labelled native select: the phone's own picker, and no JavaScript beyond this. */
export function SelectField<V extends string>({ label, options, value, emptyLabel, onChange }: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className={classes.field}>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <select
        id={id}
        className={classes.input}
        value={value ?? ''}
        onChange={(event) => onChange(event.currentTarget.value === '' ? null : (event.currentTarget.value as V))}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Page numbers to show: the first, the last, and the current one with its neighbours; `null` marks a gap. */
export function pageItems(current: number, total: number): (number | null)[] {
  const wanted = new Set([1, total, current - 1, current, current + 1].filter((n) => n >= 1 && n <= total));
  const sorted = [...wanted].sort((a, b) => a - b);
  const items: (number | null)[] = [];
  sorted.forEach((n, i) => {
    if (i > 0 && n - sorted[i - 1] > 1) items.push(n - sorted[i - 1] === 2 ? n - 1 : null);
    items.push(n);
  });
  return items;
}

export interface PagerProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
}

/** Previous / page numbers / Next. */
export function Pager({ page, total, onChange }: PagerProps) {
  return (
    <nav aria-label="Pages">
      <ul className={classes.pager}>
        <li>
          <button type="button" className={classes.pageButton} disabled={page <= 1} onClick={() => onChange(page - 1)}>
            Previous
          </button>
        </li>
        {pageItems(page, total).map((n, i) =>
          n === null ? (
            <li key={`gap-${i}`} className={classes.gap} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              <button
                type="button"
                className={classes.pageButton}
                aria-label={`Page ${n}`}
                aria-current={n === page ? 'page' : undefined}
                onClick={() => onChange(n)}
              >
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" className={classes.pageButton} disabled={page >= total} onClick={() => onChange(page + 1)}>
            Next
          </button>
        </li>
      </ul>
    </nav>
  );
}
