// robots.txt: everything public may be indexed except the API and the unapproved data; the
// sitemap lists the approved pages.
import type { MetadataRoute } from 'next';
import { env } from '@/lib/env';

export const dynamic = 'force-dynamic';

export default function robots(): MetadataRoute.Robots {
  const base = env().publicBaseUrl;
  return {
    rules: [{ userAgent: '*', allow: '/', disallow: ['/api/', '/mcp', '/neschvalene-data'] }],
    sitemap: `${base}/sitemap.xml`,
    host: base,
  };
}
