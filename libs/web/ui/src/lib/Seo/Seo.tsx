import { useLocation } from 'react-router-dom';
import { SITE_NAME, useSiteConfig } from '../config/site-config';
import { countedTitle, useTitleCount } from './title-count';

export interface SeoProps {
  /** Page title; the site name is appended unless already present. */
  title: string;
  description: string;
  /** Canonical path; the current location's path by default. */
  path?: string;
  /** Image for link previews, absolute or site-relative. */
  image?: string;
  type?: 'website' | 'article' | 'product';
  /** Structured data rendered as a JSON-LD script. */
  jsonLd?: Record<string, unknown> | Record<string, unknown>[];
  noIndex?: boolean;
}

/** JSON for a `<script>` body: `<` escaped so the text can never close the tag. */
function scriptSafeJson(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

/** A JSON-LD block anywhere in the page (search engines read it in the body as in the head). */
export function JsonLdScript({ data }: { data: Record<string, unknown> | Record<string, unknown>[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />;
}

function absoluteUrl(pathOrUrl: string, base: string): string {
  try {
    return new URL(pathOrUrl, base).toString();
  } catch {
    return pathOrUrl;
  }
}

/**
 * Search-engine and link-preview tags for a page. React 19 hoists `<title>`, `<meta>` and
 * `<link>` into the document head; render exactly one `Seo` per page.
 */
export function Seo({ title, description, path, image, type = 'website', jsonLd, noIndex = false }: SeoProps) {
  const { publicUrl } = useSiteConfig();
  const location = useLocation();
  const count = useTitleCount();
  const fullTitle = title.includes(SITE_NAME) ? title : `${title} | ${SITE_NAME}`;
  const url = absoluteUrl(path ?? location.pathname, publicUrl);
  const imageUrl = image ? absoluteUrl(image, publicUrl) : undefined;

  return (
    <>
      {/* The count is for the tab only: link previews keep the plain title. */}
      <title>{countedTitle(fullTitle, count)}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noIndex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={SITE_NAME} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      {imageUrl ? <meta property="og:image" content={imageUrl} /> : null}
      <meta name="twitter:card" content={imageUrl ? 'summary_large_image' : 'summary'} />
      {jsonLd ? <JsonLdScript data={jsonLd} /> : null}
    </>
  );
}
