/** A form control a visitor can fill: text, a checkbox or radio, a file picker, a list. */
export type FormField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Form controls that hold what a visitor gave them (not buttons, hidden or submit inputs). */
const FIELDS = 'textarea, select, input:not([type="hidden"], [type="button"], [type="submit"], [type="reset"], [type="image"])';

const isChoice = (field: FormField): field is HTMLInputElement => field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
const isFile = (field: FormField): field is HTMLInputElement => field instanceof HTMLInputElement && field.type === 'file';

/** Sets a property the way the browser does, behind React's back (React watches the element's own property, not the prototype's). */
function setNatively(field: FormField, property: 'value' | 'checked', value: string | boolean): void {
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), property)?.set?.call(field, value);
}

function fire(field: FormField, ...types: string[]): void {
  for (const type of types) field.dispatchEvent(new Event(type, { bubbles: true }));
}

/**
 * Puts text typed before hydration back in the field and makes React see it as a change. React
 * hydrates a field with the value it finds in the page (the typed text) as its last known value,
 * and a render before this may have reset the field to the component's state: the field is first
 * set to empty through its own `value` property (which React watches), then to the typed text
 * through the element's prototype (which it does not), and an `input` event then carries a change
 * from "" to the text, as a keystroke would, so `onChange` runs.
 */
export function announceTypedText(field: HTMLInputElement | HTMLTextAreaElement, typed: string): void {
  field.value = '';
  setNatively(field, 'value', typed);
  fire(field, 'input');
}

/**
 * Reads what the visitor left in a field now (`typed`: text noted as it was typed, which a render
 * may have reset since) and returns what hands it to the field's component once its code runs:
 * - text: as `announceTypedText`;
 * - a checkbox or radio ticked or cleared: set back through its own `checked` property (which React
 *   watches) and clicked, as a tap would; React's `onChange` for these listens to clicks;
 * - a list (`select`): its choice put back, then `input` and `change` (React listens to `change`);
 * - a file picker: `input` and `change`, as a pick fires them, and its component reads its files.
 * Read every field before announcing any: an announced change re-renders the form, which resets
 * the fields its state does not know yet.
 */
export function heldEditOf(field: FormField, typed?: string): () => void {
  if (field instanceof HTMLSelectElement) {
    const chosen = Array.from(field.options, (option) => option.selected);
    return () => {
      Array.from(field.options).forEach((option, index) => (option.selected = chosen[index] ?? false));
      fire(field, 'input', 'change');
    };
  }
  if (isChoice(field)) {
    const checked = field.checked;
    return () => {
      field.checked = !checked;
      field.click();
    };
  }
  // React leaves a picker's files as they are when it hydrates (it sets no `files`): they are only announced.
  if (isFile(field)) return () => fire(field, 'input', 'change');
  const text = typed ?? field.value;
  return () => announceTypedText(field, text);
}

/** Whether the visitor changed the field from what the server's markup gave it. */
export function changedFromMarkup(field: FormField): boolean {
  if (field instanceof HTMLSelectElement) {
    const options = Array.from(field.options);
    // A list with no option marked shows (and holds) its first.
    const marked = options.some((option) => option.defaultSelected);
    return options.some((option, index) => option.selected !== (marked ? option.defaultSelected : index === 0 && !field.multiple));
  }
  // A radio cleared because another of its group was ticked is announced by that one.
  if (isChoice(field)) return field.checked !== field.defaultChecked && (field.type === 'checkbox' || field.checked);
  if (isFile(field)) return (field.files?.length ?? 0) > 0;
  return field.value !== field.defaultValue;
}

/**
 * For a part of the page that hydrated after the visitor could fill it (a deferred lead form):
 * each field under `root` that differs from the page's markup (text typed, a box ticked, a choice
 * made, a photo picked) was changed before its code ran, and its component does not know. Reads
 * them all now and returns what announces them (`heldEditOf`), to run outside React's effects
 * (inside one, React renders nothing until they are all done, and each handler would see the same
 * old render).
 */
export function editsIn(root: Element): (() => void)[] {
  return Array.from(root.querySelectorAll<FormField>(FIELDS))
    .filter(changedFromMarkup)
    .map((field) => heldEditOf(field));
}
