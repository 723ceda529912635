import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { SiteFooter, SiteHeader } from '@/components/site/chrome';
import { env } from '@/lib/env';
import './globals.css';

export const metadata: Metadata = {
  metadataBase: new URL(env().publicBaseUrl),
  title: { default: 'Geodáta Slovenska', template: '%s · Geodáta Slovenska' },
  description:
    'Verejný portál geografických dát Slovenska: mapa, katalóg datasetov od poskytovateľov, vyhľadávanie adries a obcí, API a MCP pre AI asistentov.',
};

// Every page is rendered when it is requested, never prerendered by the build: the footer shows the
// operator's name and contact from this instance's settings (components/site/chrome.tsx), and
// metadataBase is this instance's PUBLIC_BASE_URL.
export const dynamic = 'force-dynamic';

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="sk">
      {/* The site's header and footer on every page; the full-screen and the embedded map hide them (site.css). */}
      <body>
        <SiteHeader />
        {children}
        <SiteFooter />
      </body>
    </html>
  );
}
