// A small RFC 4180 reader for the staged reference files (quoted fields with commas, BOM, CRLF).
// The files are a few MB at most; the register CSV, which can be large, is read line by line
// through `parseCsvLine` by lib/places/register-csv.ts.

/** Splits one CSV line; quoted fields may contain the delimiter and doubled quotes. */
export function parseCsvLine(line: string, delimiter = ','): string[] {
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"') {
        if (line[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

/** Rows of a CSV text (no multi-line fields in these sources). */
export function parseCsv(text: string, delimiter = ','): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => parseCsvLine(l, delimiter));
}

/** Rows as objects keyed by the header row. */
export function parseCsvObjects(text: string, delimiter = ','): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text, delimiter);
  if (!header) return [];
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h.trim(), r[i] ?? ''])));
}
