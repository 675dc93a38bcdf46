export { type SitemapEntry, type SitePages, SitePagesOf } from './site-pages';
export { SiteModule } from './site.module';
export { SiteService } from './site.service';
