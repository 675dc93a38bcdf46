import { Public } from '@dealership/server-auth';
import { Controller, Get, Header } from '@nestjs/common';
import { SiteService } from './site.service';

/** `/sitemap.xml` and `/robots.txt`, generated from the database on each request. */
@Public()
@Controller()
export class SeoController {
  constructor(private readonly site: SiteService) {}

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=600')
  sitemap(): Promise<string> {
    return this.site.sitemapXml();
  }

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  robots(): string {
    return this.site.robotsTxt();
  }
}
