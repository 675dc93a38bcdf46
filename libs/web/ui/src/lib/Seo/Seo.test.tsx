import { renderWithProviders } from '../../testing';
import { Seo } from './Seo';

describe('Seo', () => {
  it('sets the title, description, canonical and Open Graph tags', () => {
    renderWithProviders(
      <Seo title="Our Cars" description="Quality cars in Mombasa." image="/media/cars/a.webp" jsonLd={{ '@type': 'AutoDealer', name: '</script>' }} />,
      { route: '/cars' },
    );
    expect(document.title).toBe('Our Cars | Mombasa Car Dealership');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute('content', 'Quality cars in Mombasa.');
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute('href', 'https://cars.example/cars');
    expect(document.head.querySelector('meta[property="og:image"]')).toHaveAttribute(
      'content',
      'https://cars.example/media/cars/a.webp',
    );
    const ld = document.querySelector('script[type="application/ld+json"]');
    expect(ld?.innerHTML).not.toContain('</script>');
    expect(JSON.parse(ld?.textContent ?? '')).toEqual({ '@type': 'AutoDealer', name: '</script>' });
  });
});
