import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { Footer } from './Footer';

describe('Footer', () => {
  it('shows the dealer phone from props as a tel: link', () => {
    renderWithProviders(<Footer dealerPhone="+254 722 123 456" />);
    expect(screen.getByRole('link', { name: '+254 722 123 456' })).toHaveAttribute('href', 'tel:+254722123456');
    expect(screen.getByText('Mombasa, Kenya')).toBeInTheDocument();
  });

  it('states the opening hours', () => {
    renderWithProviders(<Footer dealerPhone="+254 700 000 000" />);
    expect(screen.getByText('Mon-Sat 8:00 AM to 6:00 PM')).toBeInTheDocument();
  });

  it('has the quick links (the blog joins them once it has posts)', () => {
    renderWithProviders(<Footer dealerPhone="+254 700 000 000" />);
    const nav = within(screen.getByRole('navigation', { name: 'Quick Links' }));
    const hrefs = nav.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/inventory', '/services', '/financing', '/testimonials', '/privacy-policy', '/terms', '/sitemap.xml']);
  });

  it('links to four social networks with accessible names', () => {
    renderWithProviders(<Footer dealerPhone="+254 700 000 000" />);
    for (const name of ['Facebook', 'Instagram', 'X (Twitter)', 'YouTube']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
