import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { PageNav } from './PageNav';

describe('PageNav', () => {
  it('names its pages and controls, and says which page a click asks for', () => {
    const onChange = jest.fn();
    renderWithProviders(<PageNav total={5} page={2} onChange={onChange} label="Order pages" />);
    const nav = screen.getByRole('navigation', { name: 'Order pages' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith(3);
    fireEvent.click(screen.getByRole('button', { name: 'Page 5' }));
    expect(onChange).toHaveBeenCalledWith(5);
  });

  it('shows nothing for a single page, and a page past the end as the last', () => {
    const { unmount } = renderWithProviders(<PageNav total={1} page={1} onChange={jest.fn()} label="Pages" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    unmount();
    renderWithProviders(<PageNav total={3} page={9} onChange={jest.fn()} label="Pages" />);
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });
});
