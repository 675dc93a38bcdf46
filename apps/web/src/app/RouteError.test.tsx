import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen } from '@testing-library/react';
import { AppErrorBoundary } from './RouteError';

function Broken(): never {
  throw new Error('chunk failed to load');
}

describe('AppErrorBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('shows the error screen with the message and a reload instead of a blank page', () => {
    renderWithProviders(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Unexpected Application Error!');
    expect(screen.getByRole('alert')).toHaveTextContent('chunk failed to load');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('renders its children when nothing fails', () => {
    renderWithProviders(
      <AppErrorBoundary>
        <p>fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('fine')).toBeInTheDocument();
  });
});
