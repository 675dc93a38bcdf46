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

describe('deferredComponent', () => {
  it('hands the component the text typed into its server-rendered fields before its code arrived', async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const Deferred = deferredComponent(
      async () => {
        await arrived;
        return NameForm;
      },
      { source: 'libs/lead/web/src/lib/NameForm.tsx', minHeight: 100 },
    );
    const onName = jest.fn();
    // The server's page: the same part with its chunk loaded (a second render, once it has come).
    const OnServer = deferredComponent(async () => NameForm, { source: 'libs/lead/web/src/lib/NameForm.tsx', minHeight: 100 });
    renderToString(page(<OnServer onName={onName} />));
    await act(async () => undefined);
    const container = document.createElement('div');
    container.innerHTML = renderToString(page(<OnServer onName={onName} />));
    document.body.append(container);
    const field = container.querySelector('input') as HTMLInputElement;
    // Typed while the part's code is on its way.
    field.value = 'Otieno';

    await act(async () => {
      hydrateRoot(container, page(<Deferred onName={onName} />));
    });
    expect(onName).not.toHaveBeenCalled();
    await act(async () => {
      arrive();
      await arrived;
    });
    expect(onName).toHaveBeenCalledWith('Otieno');
    expect(field.value).toBe('Otieno');
  });
});
