import { screen, within } from '@testing-library/react';
import { DEFAULT_OPENING_HOURS, defaultSiteContent, hoursInWords } from '@dealership/content-schemas';
import { renderWithProviders, TEST_SITE_CONFIG } from '../../testing';
import { Footer } from './Footer';

describe('Footer', () => {
  it('shows the dealer phone of the site content as a tel: link', () => {
    renderWithProviders(<Footer />, { content: defaultSiteContent('+254 722 123 456') });
    expect(screen.getByRole('link', { name: '+254 722 123 456' })).toHaveAttribute('href', 'tel:+254722123456');
    expect(screen.getByText('Mombasa, Kenya')).toBeInTheDocument();
    // Without a map link the address is text, not an <a> without href (which crawlers flag).
    expect(screen.queryByRole('link', { name: 'Mombasa, Kenya' })).not.toBeInTheDocument();
    expect(screen.getByText('Mombasa, Kenya').closest('a')).toBeNull();
  });

  it("states the default opening hours in the spec's footer words", () => {
    renderWithProviders(<Footer />);
    expect(screen.getByText('Mon-Sat 8:00 AM to 6:00 PM')).toBeInTheDocument();
  });

  it('states the hours, email, address with its map and social links the staff edited', () => {
    const hours = { ...DEFAULT_OPENING_HOURS, saturday: { closed: false, open: '09:00', close: '15:00' } };
    const content = {
      ...defaultSiteContent(TEST_SITE_CONFIG.dealerPhone),
      hours,
      ...hoursInWords(hours),
      email: 'sales@dealer.example',
      address: 'Nyali Road, Mombasa',
      mapUrl: 'https://maps.example/nyali',
      social: { facebook: 'https://facebook.com/dealer', instagram: '', x: '', tiktok: 'https://tiktok.com/@dealer', youtube: '' },
    };
    renderWithProviders(<Footer />, { content });
    expect(screen.getByText('Mon-Fri 08:00-17:00 and Sat 09:00-15:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sales@dealer.example' })).toHaveAttribute('href', 'mailto:sales@dealer.example');
    expect(screen.getByRole('link', { name: 'Nyali Road, Mombasa' })).toHaveAttribute('href', 'https://maps.example/nyali');
    expect(screen.getByRole('link', { name: 'TikTok' })).toHaveAttribute('href', 'https://tiktok.com/@dealer');
    expect(screen.queryByRole('link', { name: 'YouTube' })).not.toBeInTheDocument();
  });

  it('has the quick links (the blog joins them once it has posts)', () => {
    renderWithProviders(<Footer />);
    const nav = within(screen.getByRole('navigation', { name: 'Quick Links' }));
    const hrefs = nav.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['/inventory', '/services', '/financing', '/testimonials', '/privacy-policy', '/terms', '/sitemap.xml']);
  });

  it('links to four social networks with accessible names', () => {
    renderWithProviders(<Footer />);
    for (const name of ['Facebook', 'Instagram', 'X (Twitter)', 'YouTube']) {
      const link = screen.getByRole('link', { name });
      expect(link).toHaveAttribute('href', expect.stringMatching(/^https:\/\//));
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
  });
});
