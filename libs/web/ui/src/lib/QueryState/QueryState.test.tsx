import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { PagedList } from '../PagedList/PagedList';
import { QueryState, type QueryStateQuery } from './QueryState';

const query = (state: Partial<QueryStateQuery<string[]>>): QueryStateQuery<string[]> => ({
  isPending: false,
  isError: false,
  isRefetching: false,
  data: undefined,
  refetch: jest.fn(),
  ...state,
});

function renderState(state: Partial<QueryStateQuery<string[]>>, keepDataOnError = false) {
  const q = query(state);
  renderWithProviders(
    <QueryState
      query={q}
      loadingLabel="Loading leads…"
      errorTitle="Could not load the leads"
      keepDataOnError={keepDataOnError}
      isEmpty={(data) => data.length === 0}
      empty={<p>No leads yet.</p>}
    >
      {(data) => <p>{data.join(', ')}</p>}
    </QueryState>,
  );
  return q;
}

describe('QueryState', () => {
  it('shows the spinner with its label while the first load is under way', () => {
    renderState({ isPending: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading leads…');
  });

  it('shows a failure with the retry advice, and retries', () => {
    const q = renderState({ isError: true });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the leads');
    expect(alert).toHaveTextContent('Please check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(q.refetch).toHaveBeenCalledTimes(1);
  });

  it('replaces data with the failure unless told to keep it', () => {
    renderState({ isError: true, data: ['Amina'] });
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('keeps the data shown on a failed refetch when asked to', () => {
    renderState({ isError: true, data: ['Amina'] }, true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Amina')).toBeInTheDocument();
  });

  it('shows the empty state for an empty list', () => {
    renderState({ data: [] });
    expect(screen.getByText('No leads yet.')).toBeInTheDocument();
  });
});

describe('PagedList', () => {
  const copy = { loading: 'Loading leads…', error: 'Could not load the leads', noun: ['lead', 'leads'], nav: 'Lead pages' } as const;
  const listPage = (total: number, pageCount: number) => ({ items: ['Amina'], total, pageCount, failed: 2 });

  it('counts the items in words and offers the pages', () => {
    const onPageChange = jest.fn();
    const data = listPage(1234, 3);
    renderWithProviders(
      <PagedList
        query={{ ...query({}), data }}
        copy={copy}
        page={1}
        onPageChange={onPageChange}
        empty="No leads yet."
        countSuffix={(d) => ` · ${d.failed} failed`}
      >
        {(d) => <p>{d.items.join(', ')}</p>}
      </PagedList>,
    );
    expect(screen.getByText('Amina')).toBeInTheDocument();
    expect(screen.getByText('1,234 leads · 2 failed')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(onPageChange).toHaveBeenCalledWith(2);
  });

  it('says one item in the singular, with no page navigation for one page', () => {
    renderWithProviders(
      <PagedList query={{ ...query({}), data: listPage(1, 1) }} copy={copy} page={1} onPageChange={jest.fn()} empty="No leads yet.">
        {(d) => <p>{d.items.join(', ')}</p>}
      </PagedList>,
    );
    expect(screen.getByText('1 lead')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Lead pages' })).not.toBeInTheDocument();
  });

  it('shows the empty state for a page without items', () => {
    renderWithProviders(
      <PagedList query={{ ...query({}), data: { items: [], total: 0, pageCount: 0 } }} copy={copy} page={1} onPageChange={jest.fn()} empty="No leads yet.">
        {() => <p>items</p>}
      </PagedList>,
    );
    expect(screen.getByText('No leads yet.')).toBeInTheDocument();
  });
});
