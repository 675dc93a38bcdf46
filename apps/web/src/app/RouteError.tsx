import { ErrorState } from '@dealership/web-ui';
import { Container } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something unexpected happened.';
}

/** The spec's "Unexpected Application Error!" screen with the error's message and a reload. */
export function RouteErrorScreen({ error }: { error: unknown }) {
  return (
    <Container size="md" py="xl">
      <ErrorState title="Unexpected Application Error!" message={messageOf(error)} onRetry={() => window.location.reload()} />
    </Container>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** A new value clears a caught error (the visitor navigated elsewhere). */
  resetKey?: string;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKey: string | undefined;
}

/**
 * Catches a page that fails to load or render (a chunk missing after a deploy, a bug) and shows
 * the error screen instead of a blank page. React only offers this as a class component.
 */
export class AppErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page error', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}

/** Route element that renders its child routes inside an error boundary, reset on navigation. */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <AppErrorBoundary resetKey={pathname}>
      <Outlet />
    </AppErrorBoundary>
  );
}
