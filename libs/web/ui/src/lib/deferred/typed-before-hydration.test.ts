import { changedFromMarkup, editsIn } from './typed-before-hydration';

/** Markup as the server writes it, in a fresh document body. */
function markup(html: string): HTMLElement {
  document.body.innerHTML = `<form>${html}</form>`;
  return document.body.querySelector('form') as HTMLElement;
}

describe('changedFromMarkup: what the visitor changed before the code ran', () => {
  it('sees a list moved off its marked option, or off its first when none is marked', () => {
    const form = markup(
      '<select id="marked"><option value="">Choose one</option><option value="Good" selected>Good</option></select>' +
        '<select id="unmarked"><option value="">Choose one</option><option value="Good">Good</option></select>',
    );
    const [marked, unmarked] = Array.from(form.querySelectorAll('select'));
    expect(changedFromMarkup(marked)).toBe(false);
    expect(changedFromMarkup(unmarked)).toBe(false);
    marked.value = '';
    unmarked.value = 'Good';
    expect(changedFromMarkup(marked)).toBe(true);
    expect(changedFromMarkup(unmarked)).toBe(true);
  });

  it('sees a box ticked or cleared, and of a radio group only the radio ticked', () => {
    const form = markup(
      '<input type="checkbox" name="consent"><input type="checkbox" name="news" checked>' +
        '<input type="radio" name="seats" value="5" checked><input type="radio" name="seats" value="7">',
    );
    const [consent, news, five, seven] = Array.from(form.querySelectorAll('input'));
    consent.checked = true;
    news.checked = false;
    seven.checked = true;
    expect([consent, news, five, seven].map(changedFromMarkup)).toEqual([true, true, false, true]);
  });

  it('sees text typed and a photo picked, not a field left as served', () => {
    const form = markup('<input name="name" value="Otieno"><textarea name="message"></textarea><input type="file" name="photos">');
    const [name, photos] = Array.from(form.querySelectorAll('input'));
    const message = form.querySelector('textarea') as HTMLTextAreaElement;
    expect([name, message, photos].map(changedFromMarkup)).toEqual([false, false, false]);
    message.value = 'Is it still available?';
    Object.defineProperty(photos, 'files', { value: [new File(['x'], 'car.png')] });
    expect([name, message, photos].map(changedFromMarkup)).toEqual([false, true, true]);
  });
});

describe('editsIn', () => {
  it('reads each changed field, and announces it with the event its component listens to; the rest are left', () => {
    const form = markup(
      '<input name="model"><input name="make"><select><option>Petrol</option><option>Diesel</option></select><input type="checkbox"><button type="submit">Send</button>',
    );
    const [model, , box] = Array.from(form.querySelectorAll('input'));
    const list = form.querySelector('select') as HTMLSelectElement;
    model.value = 'Fielder';
    list.value = 'Diesel';
    box.checked = true;
    const heard: string[] = [];
    for (const type of ['input', 'change', 'click'])
      form.addEventListener(type, (event) => heard.push(`${type} ${(event.target as Element).tagName.toLowerCase()}`));
    form.addEventListener('submit', (event) => event.preventDefault());

    const edits = editsIn(form);
    expect(edits).toHaveLength(3);
    // Read when found: a render that resets the fields before they are announced changes nothing.
    model.value = '';
    list.value = 'Petrol';
    for (const announce of edits) announce();
    expect(heard).toEqual(['input input', 'input select', 'change select', 'click input', 'input input', 'change input']);
    expect([model.value, list.value, box.checked]).toEqual(['Fielder', 'Diesel', true]);
  });
});
