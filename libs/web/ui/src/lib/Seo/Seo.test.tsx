import { renderWithProviders } from '../../testing';
import { Seo } from './Seo';
import { TitleCountContext } from './title-count';

describe('Seo', () => {
  it('sets the title, description, canonical and Open Graph tags', () => {
    renderWithProviders(
      <Seo title="Our Cars" description="Quality cars in Mombasa." image="/media/cars/a.webp" jsonLd={{ '@type': 'AutoDealer', name: '</script>' }} />,
      { route: '/cars' },
    );
    expect(document.title).toBe('Our Cars | Mombasa Car Dealership');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Quality cars in Mombasa.');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://cars.example/cars');
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute('content', 'https://cars.example/media/cars/a.webp');
    const ld = document.querySelector('script[type="application/ld+json"]');
    expect(ld?.innerHTML).not.toContain('</script>');
    expect(JSON.parse(ld?.textContent ?? '')).toEqual({ '@type': 'AutoDealer', name: '</script>' });
  });

  it('puts a waiting count first in the tab title while there is one, never in link previews', () => {
    const page = (count: number) => (
      <TitleCountContext value={count}>
        <Seo title="Leads" description="Buyers' requests." noIndex />
      </TitleCountContext>
    );
    const { unmount } = renderWithProviders(page(3), { route: '/dashboard/admin/leads' });
    expect(document.title).toBe('(3) Leads | Mombasa Car Dealership');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', 'Leads | Mombasa Car Dealership');
    unmount();
    renderWithProviders(page(0), { route: '/dashboard/admin/leads' });
    expect(document.title).toBe('Leads | Mombasa Car Dealership');
  });
});
