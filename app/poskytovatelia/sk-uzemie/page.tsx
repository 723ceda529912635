// `/poskytovatelia/sk-uzemie`: the built-in provider's page. Its static folder (the manifest and data
// routes) shadows the dynamic `[id]` segment, so the page is mounted here too.
import type { Metadata } from 'next';
import { generateMetadata as metadataOf, ProviderPage } from '../[id]/page';

export const dynamic = 'force-dynamic';

export function generateMetadata(): Promise<Metadata> {
  return metadataOf({ params: Promise.resolve({ id: 'sk-uzemie' }) });
}

export default function Page() {
  return ProviderPage({ id: 'sk-uzemie' });
}
