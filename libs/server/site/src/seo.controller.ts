import { Public } from '@dealership/server-auth';
import { hasControlCharacters } from '@dealership/shared-schemas';
import { BadRequestException, Controller, Get, Header, NotFoundException, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { SiteService } from './site.service';

/** `/sitemap.xml` (an index), its files (`/sitemap-cars-1.xml` ...) and `/robots.txt`: rebuilt only when the pages change. */
@Public()
@Controller()
export class SeoController {
  constructor(private readonly site: SiteService) {}

  @Get('sitemap.xml')
  @Header('content-type', 'application/xml; charset=utf-8')
  @Header('cache-control', 'public, max-age=600')
  sitemap(): Promise<Buffer> {
    return this.site.sitemapIndex();
  }

  /** A file of the index (`file` is `cars-1.xml` for `/sitemap-cars-1.xml`). */
  @Get('sitemap-:file')
  @Header('cache-control', 'public, max-age=600')
  async sitemapFile(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    if (hasControlCharacters(file)) throw new BadRequestException('file must not contain control characters');
    const body = await this.site.sitemapFile(`sitemap-${file}`);
    if (!body) throw new NotFoundException('Not found');
    // Set here, not by decorator: an error answer stays JSON.
    void reply.type('application/xml; charset=utf-8');
    return body;
  }

  @Get('robots.txt')
  @Header('content-type', 'text/plain; charset=utf-8')
  @Header('cache-control', 'public, max-age=3600')
  robots(): string {
    return this.site.robotsTxt();
  }
}
