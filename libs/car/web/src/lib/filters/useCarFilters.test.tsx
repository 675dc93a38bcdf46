import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { useCarFilters } from './useCarFilters';

function setup(initialUrl = '/cars') {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[initialUrl]}>{children}</MemoryRouter>;
  return renderHook(() => ({ api: useCarFilters(), location: useLocation() }), { wrapper });
}

describe('useCarFilters', () => {
  it('keeps every change made before the URL of the one before has rendered (quick taps, replayed taps)', () => {
    const { result } = setup('/cars?brands=mazda');
    act(() => {
      // Both in one go: the second runs before the first's URL has rendered.
      result.current.api.update({ brands: ['mazda', 'toyota'] });
      result.current.api.update({ search: 'Prado' }, { replace: true });
    });
    expect(new URLSearchParams(result.current.location.search).get('brands')).toBe('mazda,toyota');
    expect(new URLSearchParams(result.current.location.search).get('search')).toBe('Prado');
    expect(result.current.api.filters.brands).toEqual(['mazda', 'toyota']);
    expect(result.current.api.filters.search).toBe('Prado');
  });

  it('builds on a URL that came from elsewhere (a link, the back button)', () => {
    const { result } = setup('/cars?search=Harrier');
    act(() => result.current.api.update({ brands: ['toyota'] }));
    expect(new URLSearchParams(result.current.location.search).get('search')).toBe('Harrier');
    expect(new URLSearchParams(result.current.location.search).get('brands')).toBe('toyota');
  });
});
