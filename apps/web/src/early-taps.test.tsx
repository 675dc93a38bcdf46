import { act, useState } from 'react';
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
  function becomeInteractive(): number {
    document.documentElement.dataset['interactive'] = 'true';
    return replayEarlyTaps();
  }

  it('holds a tap on a button, marks it busy, and replays it once, however often it was tapped', () => {
    document.body.innerHTML = '<button type="button">Save to Favourites</button>';
    const button = document.querySelector('button') as HTMLButtonElement;
    button.click();
    button.click();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.hasAttribute('data-tap-pending')).toBe(true);

    const onClick = jest.fn();
    button.addEventListener('click', onClick);
    expect(becomeInteractive()).toBe(1);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.hasAttribute('aria-busy')).toBe(false);
    expect(button.hasAttribute('data-tap-pending')).toBe(false);

    // From then on taps go straight to the page.
    button.click();
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('keeps a submit button from submitting its form before the code, and replays the taps in order', () => {
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
    becomeInteractive();
    expect(order).toEqual(['send', 'menu']);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('holds a filter chip (a label beside its hidden checkbox) and the replay checks it', () => {
    document.body.innerHTML = '<input type="checkbox" id="suv" hidden /><label for="suv">SUV</label>';
    const checkbox = document.getElementById('suv') as HTMLInputElement;
    const label = document.querySelector('label') as HTMLLabelElement;
    label.click();
    expect(checkbox.checked).toBe(false);
    becomeInteractive();
    expect(checkbox.checked).toBe(true);
  });

  it('leaves links, text fields and disabled buttons alone', () => {
    document.body.innerHTML = '<a href="#cars">Cars</a><input type="text" /><button type="button" disabled>Send</button>';
    const link = document.querySelector('a') as HTMLAnchorElement;
    const prevented: boolean[] = [];
    document.addEventListener('click', (event) => prevented.push(event.defaultPrevented));
    link.click();
    (document.querySelector('input') as HTMLInputElement).click();
    expect(prevented).toEqual([false, false]);
    // A field clicked into but not typed into has nothing to replay.
    expect(becomeInteractive()).toBe(0);
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
      expect(becomeInteractive()).toBe(1);
    });
    expect(onSearch).toHaveBeenCalledWith('Prado');
    expect(field.value).toBe('Prado');
  });

  it('drops the tap of a control the app had to draw again (no longer on the page)', () => {
    document.body.innerHTML = '<button type="button">Compare</button>';
    (document.querySelector('button') as HTMLButtonElement).click();
    document.body.innerHTML = '<button type="button">Compare</button>';
    expect(becomeInteractive()).toBe(0);
  });

  it('does nothing on a page without the script (the dev server before it, a test)', () => {
    window.dealershipEarlyTaps?.take();
    delete window.dealershipEarlyTaps;
    expect(replayEarlyTaps()).toBe(0);
  });
});
