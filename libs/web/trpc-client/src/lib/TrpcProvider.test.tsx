import { useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { authHeaders } from './auth-headers';
import { createQueryClient, TrpcProvider } from './TrpcProvider';

describe('authHeaders', () => {
  it('sends the bearer token when there is one', () => {
    expect(authHeaders('abc.def')).toEqual({ Authorization: 'Bearer abc.def' });
  });

  it('sends nothing when logged out', () => {
    expect(authHeaders(null)).toEqual({});
    expect(authHeaders('')).toEqual({});
  });
});

describe('createQueryClient', () => {
  it('keeps data fresh for 30 s and retries once', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.staleTime).toBe(30_000);
    expect(options?.retry).toBe(1);
  });
});

describe('TrpcProvider', () => {
  it('provides a query client to its children', () => {
    function Probe() {
      const client = useQueryClient();
      return <p>{String(client.getDefaultOptions().queries?.staleTime)}</p>;
    }
    render(
      <TrpcProvider getAuthToken={() => null}>
        <Probe />
      </TrpcProvider>,
    );
    expect(screen.getByText('30000')).toBeInTheDocument();
  });
});
