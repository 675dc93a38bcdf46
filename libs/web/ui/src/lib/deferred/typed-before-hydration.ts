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
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, typed);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/** Text inputs and text areas (not checkboxes, radios, files or buttons). */
const TEXT_FIELDS =
  'textarea, input:not([type]), input[type="text"], input[type="search"], input[type="email"], input[type="tel"], input[type="number"], input[type="url"], input[type="date"]';

/**
 * For a part of the page that hydrated after the visitor could type into it (a deferred lead form):
 * each text field under `root` whose text differs from the page's (`defaultValue`, the server's
 * markup) was typed into before its code ran, and its component does not know: announce it.
 * Returns how many fields were announced.
 */
export function announceTypedTextIn(root: Element): number {
  let announced = 0;
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(TEXT_FIELDS)) {
    if (field.value === field.defaultValue) continue;
    announceTypedText(field, field.value);
    announced++;
  }
  return announced;
}
