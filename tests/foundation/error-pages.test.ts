// The site's not-found and error pages: Slovak, in the site's chrome (header, footer: the root layout's,
// so they are rendered inside it here as Next renders them), with the
// place search and links home; the favicon; unknown API paths stay JSON 404s, not the HTML page.
import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { GET as unknownApi } from '@/app/api/[...path]/route';
import ErrorPage from '@/app/error';
import RootLayout from '@/app/layout';
import GlobalError from '@/app/global-error';
import NotFound, { metadata } from '@/app/not-found';
import { placeMapHref } from '@/components/site/find-place';
import { parseMapState } from '@/lib/map/url-state';

describe('not-found page', () => {
  const html = renderToStaticMarkup(createElement(RootLayout, null, createElement(NotFound)));

  test('Slovak, in the site chrome, not indexed', () => {
    expect(html).toContain('<h1>Stránka sa nenašla</h1>');
    expect(html).toContain('class="site-header"');
    expect(html).toContain('class="site-footer"');
    expect(html).not.toMatch(/could not be found|This page/i);
    expect(metadata).toMatchObject({ title: 'Stránka sa nenašla', robots: { index: false } });
  });

  test('links home and offers the place search', () => {
    expect(html).toMatch(/<a href="\/">Úvodná stránka – mapa/);
    expect(html).toContain('role="combobox"');
    expect(html).toContain('aria-label="Hľadať miesto"');
    expect(html).toContain('href="/dokumentacia"');
  });

  test('a picked place opens the map centred on it', () => {
    const href = placeMapHref({ name: 'Hlavná, Košice-Staré Mesto', point: [21.258, 48.72] });
    expect(href).toBe('/?miesto=21.258,48.72,Hlavn%C3%A1,%20Ko%C5%A1ice-Star%C3%A9%20Mesto');
    const state = parseMapState(href.slice(1), '', { datasets: [], params: {}, view: { zoom: 7, lat: 48.7, lon: 19.5 } });
    expect(state.place).toEqual({ lon: 21.258, lat: 48.72, name: 'Hlavná, Košice-Staré Mesto' });
  });
});

describe('error pages', () => {
  test('a failed page: Slovak message, retry, the error digest, links home', () => {
    const error = Object.assign(new Error('boom'), { digest: 'abc123' });
    const html = renderToStaticMarkup(createElement(RootLayout, null, createElement(ErrorPage, { error, reset: () => undefined })));
    expect(html).toContain('<h1>Nastala chyba</h1>');
    expect(html).toContain('Skúsiť znova');
    expect(html).toContain('<code>abc123</code>');
    expect(html).not.toContain('boom');
    expect(html).toContain('class="site-header"');
    expect(html).toMatch(/<a href="\/">Úvodná stránka – mapa/);
  });

  test('a failed root layout: its own Slovak <html>', () => {
    const html = renderToStaticMarkup(createElement(GlobalError, { error: new Error('x'), reset: () => undefined }));
    expect(html).toMatch(/^<html lang="sk">/);
    expect(html).toContain('Nastala chyba');
    expect(html).toContain('href="/"');
  });
});

describe('favicon and API 404s', () => {
  test('app/icon.svg and app/favicon.ico exist and are what they claim', () => {
    const svg = readFileSync('app/icon.svg', 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 32 32"/);
    const ico = readFileSync('app/favicon.ico');
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    const count = ico.readUInt16LE(4);
    expect(count).toBeGreaterThan(0);
    const offset = ico.readUInt32LE(6 + 12);
    expect(ico.subarray(offset, offset + 8).toString('latin1')).toBe('\x89PNG\r\n\x1a\n');
  });

  test('an unknown API path is a JSON 404, not the HTML page', async () => {
    const res = await unknownApi(new Request('http://localhost/api/nic-take'), { params: Promise.resolve({ path: ['nic-take'] }) });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toMatchObject({ code: 'not_found' });
  });
});
