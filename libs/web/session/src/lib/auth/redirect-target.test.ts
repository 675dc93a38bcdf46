import { safeRedirectTarget, withRedirect } from './redirect-target';

describe('safeRedirectTarget', () => {
  it('keeps in-site paths with their query', () => {
    expect(safeRedirectTarget('/dashboard/user/order')).toBe('/dashboard/user/order');
    expect(safeRedirectTarget('/dashboard/admin/cars?page=2')).toBe('/dashboard/admin/cars?page=2');
  });

  it('refuses other sites, protocol-relative and backslash tricks (open redirects)', () => {
    for (const raw of ['https://evil.example', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'dashboard', '']) {
      expect(safeRedirectTarget(raw)).toBe('/');
    }
    expect(safeRedirectTarget(null)).toBe('/');
  });

  it('never returns to the login or register page', () => {
    expect(safeRedirectTarget('/login')).toBe('/');
    expect(safeRedirectTarget('/register?redirect=/x')).toBe('/');
    expect(safeRedirectTarget('/loginx')).toBe('/loginx');
  });
});

describe('withRedirect', () => {
  it('carries the target as a query parameter, or nothing for the home page', () => {
    expect(withRedirect('/login', '/dashboard/user/order')).toBe('/login?redirect=%2Fdashboard%2Fuser%2Forder');
    expect(withRedirect('/login', '/')).toBe('/login');
    expect(withRedirect('/register', 'https://evil.example')).toBe('/register');
  });
});
