import { renderWithProviders } from '@dealership/web-ui/testing';
import { screen } from '@testing-library/react';
import { AboutPage } from './AboutPage';

describe('AboutPage', () => {
  it('introduces the dealer with the business claims and one testimonial', () => {
    renderWithProviders(<AboutPage />, { route: '/about' });
    expect(screen.getByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
    expect(screen.getByText('10+')).toBeInTheDocument();
    expect(screen.getByText('500+')).toBeInTheDocument();
    expect(screen.getByText('100%')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What Our Customers Say' })).toBeInTheDocument();
    expect(document.querySelectorAll('blockquote')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Call +254 711 222 333' })).toHaveAttribute('href', 'tel:+254711222333');
  });

  it('states Mon-Fri 08:00-17:00 and Sat 08:00-13:00 in its structured data', () => {
    renderWithProviders(<AboutPage />, { route: '/about' });
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld['@type']).toBe('AutoDealer');
    expect(ld.openingHoursSpecification).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '17:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '08:00', closes: '13:00' },
    ]);
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://cars.example/about');
  });
});
