import { act, useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { replayEarlyTaps } from './early-taps-replay';

/** A search field as the catalogue's: controlled, its text kept in state. */
function SearchField({ onSearch }: { onSearch: (text: string) => void }) {
  const [text, setText] = useState('');
  return (
    <input
      aria-label="Search"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        onSearch(event.target.value);
      }}
    />
  );
}

interface CarValues {
  model: string;
  fuel: string;
  photos: string[];
}

/**
 * A form of the page as the import duty calculator: every field controlled, each change written
 * over the values of the render its handler came from (there, the URL's query), and re-rendering
 * all of the fields.
 */
function CarForm({ onRender }: { onRender: (values: CarValues) => void }) {
  const [values, setValues] = useState<CarValues>({ model: '', fuel: 'petrol', photos: [] });
  onRender(values);
  const update = (change: Partial<CarValues>) => setValues({ ...values, ...change });
  return (
    <form>
      <input aria-label="Model" value={values.model} onChange={(event) => update({ model: event.target.value })} />
      <select aria-label="Fuel" value={values.fuel} onChange={(event) => update({ fuel: event.target.value })}>
        <option value="petrol">Petrol</option>
        <option value="diesel">Diesel</option>
      </select>
      <input type="file" aria-label="Photos" onChange={(event) => update({ photos: Array.from(event.currentTarget.files ?? [], (file) => file.name) })} />
    </form>
  );
}

/** Loads early-taps.js as the page's head runs it: a fresh copy on the test's document. */
function installEarlyTaps(): void {
  jest.isolateModules(() => {
    require('./early-taps.js');
  });
}

describe('early-taps.js and replayEarlyTaps: taps before the code are held, then replayed', () => {
  beforeEach(() => {
    delete document.documentElement.dataset['interactive'];
    document.body.innerHTML = '';
    installEarlyTaps();
  });

  afterEach(() => {
    // Uninstalls the copy of this test.
    window.dealershipEarlyTaps?.take();
    delete window.dealershipEarlyTaps;
  });

  /** What the app does once hydrated: handlers attached, the mark set, the held taps replayed. */
  async function becomeInteractive(): Promise<number> {
    document.documentElement.dataset['interactive'] = 'true';
    const replayed = replayEarlyTaps();
    // The replay runs in a microtask, once React has left the effect that calls it.
    await Promise.resolve();
    return replayed;
  }

  it('holds a tap on a button, marks it busy, and replays it once, however often it was tapped', async () => {
    document.body.innerHTML = '<button type="button">Save to Favourites</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    button.click();
    button.click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('data-tap-pending')).toBe(true);

    const onClick = jest.fn();
    button.addEventListener('click', onClick);
    expect(await becomeInteractive()).toBe(1);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.hasAttribute('data-tap-pending')).toBe(false);

    // From then on taps go straight to the page.
    button.click();
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('keeps a submit button from submitting its form before the code, and replays the taps in order', async () => {
    document.body.innerHTML = '<form><button type="submit">Send</button></form><button id="menu" type="button" aria-haspopup="dialog">Menu</button>';
    const submitted = jest.fn((event: Event) => event.preventDefault());
    const submit = document.querySelector('button[type="submit"]') as HTMLButtonElement;
    const menu = document.getElementById('menu') as HTMLButtonElement;
    submit.click();
    menu.click();
    document.querySelector('form')?.addEventListener('submit', submitted);
    expect(submitted).not.toHaveBeenCalled();

    const order: string[] = [];
    submit.addEventListener('click', () => order.push('send'));
    menu.addEventListener('click', () => order.push('menu'));
    await becomeInteractive();
    expect(order).toEqual(['send', 'menu']);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('holds a filter chip (a label beside its hidden checkbox) and the replay checks it', async () => {
    document.body.innerHTML = '<input type="checkbox" id="suv" hidden /><label for="suv">SUV</label>';
    const checkbox = document.getElementById('suv') as HTMLInputElement;
    const label = document.querySelector('label') as HTMLLabelElement;
    label.click();
    expect(checkbox.checked).toBe(false);
    await becomeInteractive();
    expect(checkbox.checked).toBe(true);
  });

  it('leaves links, text fields and disabled buttons alone', async () => {
    document.body.innerHTML = '<a href="#cars">Cars</a><input type="text" /><button type="button" disabled>Send</button>';
    const link = document.querySelector('a') as HTMLAnchorElement;
    const prevented: boolean[] = [];
    document.addEventListener('click', (event) => prevented.push(event.defaultPrevented));
    link.click();
    (document.querySelector('input') as HTMLInputElement).click();
    expect(prevented).toEqual([false, false]);
    // A field clicked into but not typed into has nothing to replay.
    expect(await becomeInteractive()).toBe(0);
  });

  it('makes a search typed into the server-rendered field before hydration reach the component once hydrated', async () => {
    const onSearch = jest.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SearchField onSearch={onSearch} />);
    document.body.append(container);
    const field = container.querySelector('input') as HTMLInputElement;
    // Typing: the browser sets the value and fires `input`, which early-taps.js notes.
    field.value = 'Prado';
    field.dispatchEvent(new Event('input', { bubbles: true }));

    await act(async () => {
      hydrateRoot(container, <SearchField onSearch={onSearch} />);
    });
    // React hydrated with the typed text as its last known value: nothing has told the component.
    expect(onSearch).not.toHaveBeenCalled();
    await act(async () => {
      expect(await becomeInteractive()).toBe(1);
    });
    expect(onSearch).toHaveBeenCalledWith('Prado');
    expect(field.value).toBe('Prado');
  });

  it('carries a list chosen from and a photo picked before hydration to the component, with the text typed', async () => {
    // Replayed as the app does it, from an effect of the hydrated page (InteractiveMark in routes.tsx).
    let replayed = 0;
    function ReplayOnceInteractive() {
      useEffect(() => {
        document.documentElement.dataset['interactive'] = 'true';
        replayed = replayEarlyTaps();
      }, []);
      return null;
    }
    const rendered: CarValues[] = [];
    const onRender = (values: CarValues) => rendered.push(values);
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <>
        <ReplayOnceInteractive />
        <CarForm onRender={onRender} />
      </>,
    );
    document.body.append(container);
    const [model, photos] = container.querySelectorAll('input');
    const fuel = container.querySelector('select') as HTMLSelectElement;
    model.value = 'Fielder';
    model.dispatchEvent(new Event('input', { bubbles: true }));
    fuel.value = 'diesel';
    fuel.dispatchEvent(new Event('change', { bubbles: true }));
    // A picker announces its files with `input` and `change`; jsdom cannot make a FileList, the browser does.
    Object.defineProperty(photos, 'files', { value: [new File(['x'], 'fielder.png', { type: 'image/png' })], configurable: true });
    photos.dispatchEvent(new Event('change', { bubbles: true }));

    await act(async () => {
      hydrateRoot(
        container,
        <>
          <ReplayOnceInteractive />
          <CarForm onRender={onRender} />
        </>,
      );
    });
    expect(replayed).toBe(3);
    // Each announcement re-rendered the form, which set the others back to its state: all were read first.
    expect(rendered.at(-1)).toEqual({ model: 'Fielder', fuel: 'diesel', photos: ['fielder.png'] });
    expect(fuel.value).toBe('diesel');
  });

  it('drops the tap of a control the app had to draw again (no longer on the page)', async () => {
    document.body.innerHTML = '<button type="button">Compare</button>';
    (document.querySelector('button') as HTMLButtonElement).click();
    document.body.innerHTML = '<button type="button">Compare</button>';
    expect(await becomeInteractive()).toBe(0);
  });

  it('does nothing on a page without the script (the dev server before it, a test)', async () => {
    window.dealershipEarlyTaps?.take();
    delete window.dealershipEarlyTaps;
    expect(replayEarlyTaps()).toBe(0);
  });
});
