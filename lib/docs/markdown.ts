// Small helpers for writing markdown from registry content: provider texts are untrusted input,
// so they are flattened to one line and escaped where they land in link texts or table cells.

import { pluralForm } from '@/lib/map/format';

/** Whitespace (newlines included) collapsed to single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** At most `max` characters, cut at a word boundary with an ellipsis. */
export function truncate(text: string, max: number): string {
  const t = oneLine(text);
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** Text safe inside `[...]` of a link. */
export function linkText(text: string): string {
  return oneLine(text).replace(/([\\[\]])/g, '\\$1');
}

/** Text safe inside a table cell. */
export function cell(text: string): string {
  return oneLine(text).replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
}

/** A URL safe inside `(...)` of a link (spaces and parentheses encoded). */
function linkUrl(url: string): string {
  return url.replace(/ /g, '%20').replace(/\(/g, '%28').replace(/\)/g, '%29');
}

export function link(text: string, url: string): string {
  return `[${linkText(text)}](${linkUrl(url)})`;
}

/** `1 dataset`, `2 datasety`, `5 datasetov`. */
export function plural(n: number, one: string, few: string, many: string): string {
  return `${n} ${pluralForm(n, one, few, many)}`;
}
