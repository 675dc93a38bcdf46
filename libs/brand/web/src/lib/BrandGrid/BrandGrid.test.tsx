import { makeBrand, renderWithProviders } from '@dealership/web-ui/testing';
import { screen } from '@testing-library/react';
import { BrandGrid } from './BrandGrid';

describe('BrandGrid', () => {
  it('links each brand logo and name to its page', () => {
    const brands = [
      makeBrand({ name: 'Toyota', slug: 'toyota' }),
      makeBrand({ name: 'Subaru', slug: 'subaru', images: [{ url: '/media/brands/subaru.webp', publicId: 'b/s' }] }),
    ];
    renderWithProviders(<BrandGrid brands={brands} />);

    expect(screen.getByRole('link', { name: 'Toyota logo Toyota' })).toHaveAttribute('href', '/brand/toyota');
    const subaru = screen.getByRole('link', { name: 'Subaru logo Subaru' });
    expect(subaru).toHaveAttribute('href', '/brand/subaru');
    expect(screen.getByRole('img', { name: 'Subaru logo' })).toHaveAttribute('src', '/media/brands/subaru.webp');
  });

  it('shows a brand without a logo by name', () => {
    renderWithProviders(<BrandGrid brands={[makeBrand({ name: 'Isuzu', slug: 'isuzu', images: [] })]} />);
    expect(screen.getByRole('link', { name: 'Isuzu' })).toHaveAttribute('href', '/brand/isuzu');
  });
});
