import { MantineProvider } from '@mantine/core';
import { act, type ReactNode, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { deferredComponent } from './deferred-component';

/** A lead form's field as the deferred forms have them: controlled, its text in state. */
function NameForm({ onName }: { onName: (name: string) => void }) {
  const [name, setName] = useState('');
  return (
    <input
      aria-label="Your name"
      value={name}
      onChange={(event) => {
        setName(event.target.value);
        onName(event.target.value);
      }}
    />
  );
}

const page = (children: ReactNode) => <MantineProvider>{children}</MantineProvider>;

interface TradeIn {
  consent: boolean;
  condition: string;
  seats: string;
}

/** A lead form's choices as the deferred forms have them: a consent box, a list, a radio group, each controlled; and its send. */
function ChoicesForm({ onSend }: { onSend: (values: TradeIn) => void }) {
  const [values, setValues] = useState<TradeIn>({ consent: false, condition: '', seats: '5' });
  const update = (change: Partial<TradeIn>) => setValues((current) => ({ ...current, ...change }));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(values);
      }}
    >
      <label>
        <input type="checkbox" checked={values.consent} onChange={(event) => update({ consent: event.target.checked })} />I agree
      </label>
      <select aria-label="Condition" value={values.condition} onChange={(event) => update({ condition: event.target.value })}>
        <option value="">Choose one</option>
        <option value="Good">Good</option>
      </select>
      {['5', '7'].map((seats) => (
        <label key={seats}>
          <input type="radio" name="seats" value={seats} checked={values.seats === seats} onChange={() => update({ seats })} />
          {seats} seats
        </label>
      ))}
      <button type="submit">Send</button>
    </form>
  );
}

/** The part as the server writes it into the page, its chunk loaded there (a second render, once it has come). */
async function serverRendered<Props extends object>(Form: (props: Props) => ReactNode, props: Props): Promise<HTMLDivElement> {
  const OnServer = deferredComponent(async () => Form, { source: 'libs/lead/web/src/lib/Form.tsx', minHeight: 100 });
  renderToString(page(<OnServer {...props} />));
  await act(async () => undefined);
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(<OnServer {...props} />));
  document.body.append(container);
  return container;
}

/** The part as the browser gets it: its chunk arrives when `arrive` is called. */
function arrivingLater<Props extends object>(Form: (props: Props) => ReactNode) {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (release = resolve));
  const Deferred = deferredComponent(
    async () => {
      await arrived;
      return Form;
    },
    { source: 'libs/lead/web/src/lib/Form.tsx', minHeight: 100 },
  );
  const arrive = async () => {
    release();
    await arrived;
  };
  return { Deferred, arrive };
}

describe('deferredComponent', () => {
  it('hands the component the text typed into its server-rendered fields before its code arrived', async () => {
    const { Deferred, arrive } = arrivingLater(NameForm);
    const onName = jest.fn();
    const container = await serverRendered(NameForm, { onName });
    const field = container.querySelector('input') as HTMLInputElement;
    // Typed while the part's code is on its way.
    field.value = 'Otieno';

    await act(async () => {
      hydrateRoot(container, page(<Deferred onName={onName} />));
    });
    expect(onName).not.toHaveBeenCalled();
    await act(arrive);
    // Announced in a microtask, once React has left its effects.
    await act(async () => undefined);
    expect(onName).toHaveBeenCalledWith('Otieno');
    expect(field.value).toBe('Otieno');
  });

  it('hands the component the boxes ticked, the choices made and the send tapped after the page hydrated but before the part did', async () => {
    const { Deferred, arrive } = arrivingLater(ChoicesForm);
    const onSend = jest.fn();
    const container = await serverRendered(ChoicesForm, { onSend });
    const submitted = jest.fn((event: Event) => event.preventDefault());
    container.querySelector('form')?.addEventListener('submit', submitted);
    await act(async () => {
      hydrateRoot(container, page(<Deferred onSend={onSend} />));
    });

    // The page is interactive, the part not yet: the browser ticks, chooses, and the send is tapped.
    const [consent, , sevenSeats] = container.querySelectorAll('input');
    const send = container.querySelector('button') as HTMLButtonElement;
    // React tries to hydrate the part on a click (an update to its Suspense boundary): act lets it.
    act(() => {
      consent.click();
      sevenSeats.click();
      (container.querySelector('select') as HTMLSelectElement).value = 'Good';
      send.click();
      send.click();
    });
    // Held: the browser did not send the form itself.
    expect(submitted).not.toHaveBeenCalled();

    await act(arrive);
    // The taps are replayed a task later, once what the edits changed has rendered.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve));
    });
    expect(onSend).toHaveBeenCalledTimes(1);
    expect(onSend).toHaveBeenCalledWith({ consent: true, condition: 'Good', seats: '7' });
  });

  it('keeps its server-rendered fields when the page renders again before it has hydrated, and takes the new props once it has', async () => {
    /** A name field with a heading from the page, which the page changes. */
    function Named({ onName, heading }: { onName: (name: string) => void; heading: string }) {
      return (
        <>
          <h2>{heading}</h2>
          <NameForm onName={onName} />
        </>
      );
    }
    const { Deferred, arrive } = arrivingLater(Named);
    /** The page around the part: a tap on its own button renders it again (a sync update), with a new heading. */
    function Page({ Part }: { Part: typeof Deferred }) {
      const [heading, setHeading] = useState('Send us a message');
      return (
        <>
          <button type="button" onClick={() => setHeading('Ask about the Fielder')}>
            Fielder
          </button>
          <Part onName={onName} heading={heading} />
        </>
      );
    }
    const onName = jest.fn();
    const OnServer = deferredComponent(async () => Named, { source: 'libs/lead/web/src/lib/Form.tsx', minHeight: 100 });
    renderToString(page(<Page Part={OnServer} />));
    await act(async () => undefined);
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(<Page Part={OnServer} />));
    document.body.append(container);
    const field = container.querySelector('input') as HTMLInputElement;
    field.value = 'Otieno';
    await act(async () => {
      hydrateRoot(container, page(<Page Part={Deferred} />));
    });

    act(() => (container.querySelector('button') as HTMLButtonElement).click());
    // The part is still the server's: no placeholder, the typed name where it was.
    expect(container.querySelector('[role="status"]')).toBeNull();
    expect(container.querySelector('input')).toBe(field);
    expect(field.value).toBe('Otieno');

    await act(arrive);
    await act(async () => undefined);
    expect(onName).toHaveBeenCalledWith('Otieno');
    expect(container.querySelector('h2')?.textContent).toBe('Ask about the Fielder');
    expect(container.querySelector('input')).toBe(field);
  });
});
