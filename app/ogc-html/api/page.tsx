// /ogc/api as HTML: the operations of the OpenAPI document with their parameters, read from the
// very document /ogc/api serves.
import type { Metadata } from 'next';
import { OgcFrame } from '@/components/ogc/ogc-html';
import { env } from '@/lib/env';
import { ogcRoot } from '@/lib/ogc';
import { buildOgcApiDocument } from '@/lib/ogc/openapi';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'OGC API – popis rozhrania' };

interface Param {
  name?: string;
  in?: string;
  description?: string;
  $ref?: string;
}
interface Operation {
  operationId: string;
  summary: string;
  description: string;
  parameters: Param[];
}

export default async function OgcApiPage() {
  const base = env().publicBaseUrl;
  const doc = (await buildOgcApiDocument(base)) as {
    paths: Record<string, { get: Operation }>;
    components: { parameters: Record<string, Param> };
  };
  const resolve = (p: Param): Param => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()!] : p);
  return (
    <OgcFrame crumbs={[{ href: `${ogcRoot(base)}?f=html`, label: 'OGC API' }, { label: 'Popis rozhrania' }]} testId="ogc-api">
      <h1>Popis rozhrania</h1>
      <p className="lead">
        Formálny popis je dokument OpenAPI 3.0 na <a href={`${ogcRoot(base)}/api?f=json`}>{ogcRoot(base)}/api</a>. Cesty sú relatívne k{' '}
        <code>{ogcRoot(base)}</code>.
      </p>
      {Object.entries(doc.paths).map(([path, item]) => (
        <section key={path} aria-labelledby={item.get.operationId}>
          <h2 id={item.get.operationId}>
            <code>GET {path}</code> – {item.get.summary}
          </h2>
          <p>{item.get.description}</p>
          {item.get.parameters.length > 0 && (
            <table className="data">
              <thead>
                <tr>
                  <th>Parameter</th>
                  <th>Kde</th>
                  <th>Význam</th>
                </tr>
              </thead>
              <tbody>
                {item.get.parameters.map(resolve).map((p) => (
                  <tr key={`${p.in} ${p.name}`}>
                    <td>
                      <code>{p.name}</code>
                    </td>
                    <td>{p.in === 'path' ? 'cesta' : 'dotaz'}</td>
                    <td>{p.description}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </OgcFrame>
  );
}
