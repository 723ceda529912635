// The markdown documents carry absolute addresses (for readers outside the portal). On the portal's
// own HTML pages those become site-relative, and links to a document's .md twin lead to its HTML page.
import { isDocSlug } from './documents';

export function localDocHref(href: string, base: string): string {
  let path = href;
  if (href === base) path = '/';
  else if (href.startsWith(`${base}/`) || href.startsWith(`${base}#`) || href.startsWith(`${base}?`)) path = href.slice(base.length);
  const m = /^\/dokumentacia\/([a-z0-9-]+)\.md(#.*)?$/.exec(path);
  if (m && isDocSlug(m[1])) return `/dokumentacia/${m[1]}${m[2] ?? ''}`;
  return path;
}
