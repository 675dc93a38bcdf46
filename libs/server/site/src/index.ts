export { type SitemapEntry, type SitePages, SitePagesOf } from './site-pages';
export { SiteModule } from './site.module';
export { SITEMAP_URL_LIMIT, SiteService } from './site.service';
