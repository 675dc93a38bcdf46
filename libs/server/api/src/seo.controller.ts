import { BrandService } from '@dealership/brand-server';
import { CarService } from '@dealership/car-server';
import { APP_CONFIG, type AppConfig, Public } from '@dealership/server-core';
import { Controller, Get, Header, Inject } from '@nestjs/common';

/** The site's public pages that are not generated from the catalogue. */
const STATIC_PAGES = ['/', '/cars', '/brands', '/about', '/contact'];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`);

/** `/sitemap.xml` and `/robots.txt`, generated from the database on each request. */
@Public()
@Controller()
export class SeoController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cars: CarService,
    private readonly brands: BrandService,
  ) {}

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=600')
  async sitemap(): Promise<string> {
    const [cars, brands] = await Promise.all([this.cars.sitemapEntries(), this.brands.sitemapEntries()]);
    const url = (path: string, lastmod?: Date) =>
      `  <url><loc>${escapeXml(`${this.config.publicUrl}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;
    const lines = [
      ...STATIC_PAGES.map((path) => url(path)),
      ...brands.map((b) => url(`/brand/${b.slug}`, b.updatedAt)),
      ...cars.map((c) => url(`/car/${c.slug}`, c.updatedAt)),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${lines.join('\n')}\n</urlset>\n`;
  }

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  robots(): string {
    return `User-agent: *\nDisallow: /dashboard/\nDisallow: /cart\nAllow: /\n\nSitemap: ${this.config.publicUrl}/sitemap.xml\n`;
  }
}
