import { renderWithProviders } from '@dealership/web-ui/testing';
import { fireEvent, screen } from '@testing-library/react';
import { Pager, pageItems } from './controls';

describe('pageItems', () => {
  it('shows the ends and the neighbours of the current page, with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 6)).toEqual([1, 2, null, 6]);
    // A gap of one page shows that page instead of an ellipsis.
    expect(pageItems(4, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageItems(5, 9)).toEqual([1, null, 4, 5, 6, null, 9]);
    expect(pageItems(3, 7)).toEqual([1, 2, 3, 4, null, 7]);
  });
});

describe('Pager', () => {
  it('marks the current page and moves between pages', () => {
    const onChange = jest.fn();
    renderWithProviders(<Pager page={1} total={3} onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onChange.mock.calls).toEqual([[2], [3]]);
  });
});
