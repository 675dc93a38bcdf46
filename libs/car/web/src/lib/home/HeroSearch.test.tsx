import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { LocationProbe } from '../../testing';
import { carSearchPath, HeroSearch } from './HeroSearch';

function renderSearch() {
  renderWithProviders(
    <>
      <HeroSearch />
      <LocationProbe />
    </>,
  );
  return {
    input: screen.getByRole('searchbox', { name: 'Search cars' }),
    location: () => screen.getByRole('status', { name: 'Current location' }).textContent,
  };
}

describe('carSearchPath', () => {
  it('trims and URL-encodes the text, and gives nothing for blank text', () => {
    expect(carSearchPath('  Land Cruiser & V8 ')).toBe('/car-search?search=Land%20Cruiser%20%26%20V8');
    expect(carSearchPath('100%')).toBe('/car-search?search=100%25');
    expect(carSearchPath('   ')).toBeNull();
  });
});

describe('HeroSearch', () => {
  it('does nothing when the trimmed text is empty', () => {
    const { input, location } = renderSearch();
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/');
  });

  it('opens /car-search with the trimmed, encoded text on Enter', () => {
    const { input, location } = renderSearch();
    fireEvent.change(input, { target: { value: '  Toyota Prado  ' } });
    // Enter in a one-field form submits it.
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect(location()).toBe('/car-search?search=Toyota%20Prado');
  });

  it('opens /car-search from the search button', () => {
    const { input, location } = renderSearch();
    fireEvent.change(input, { target: { value: 'Subaru & Co' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toBe('/car-search?search=Subaru%20%26%20Co');
  });

  it('offers the popular shortcuts', () => {
    renderSearch();
    expect(screen.getByRole('link', { name: 'Toyota' })).toHaveAttribute('href', '/cars?make=Toyota');
    expect(screen.getByRole('link', { name: 'Subaru' })).toHaveAttribute('href', '/cars?make=Subaru');
    expect(screen.getByRole('link', { name: 'SUVs' })).toHaveAttribute('href', '/cars?type=SUV');
  });
});
