// Streaming reader of the Register adries XML batches (namespace http://www.minv.sk/ra): the
// initial batches (`<register><type/><count/>…Change…</register>`) and the change batches
// (`<getChangesResponse><return><register>…`), plain or inside a zip. Records are yielded as they
// are parsed, chunk by chunk, so a 1.9-million-entrance batch never sits in memory.
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

type RegisterRecordType =
  | 'region'
  | 'county'
  | 'municipality'
  | 'part'
  | 'street'
  | 'building'
  | 'entrance'
  | 'unit';

/** One `…Change` element, flattened: leaf paths relative to the record ("Municipality/Codelist/CodelistItem/ItemCode"). */
export interface RegisterRecord {
  type: RegisterRecordType;
  objectId: string;
  /** No validTo, or a validTo in the future (change batches close open versions at 3000-12-31). */
  current: boolean;
  /** databaseOperation DELETE. */
  deleted: boolean;
  fields: Record<string, string>;
}

const CHANGE_TYPES: Record<string, RegisterRecordType> = {
  regionChange: 'region',
  countyChange: 'county',
  municipalityChange: 'municipality',
  districtChange: 'part',
  streetNameChange: 'street',
  propertyRegistrationNumberChange: 'building',
  buildingNumberChange: 'entrance',
  buildingUnitChange: 'unit',
};

function localName(name: string): string {
  const i = name.indexOf(':');
  return i >= 0 ? name.slice(i + 1) : name;
}

function isCurrent(validTo: string | undefined): boolean {
  if (!validTo) return true;
  const t = Date.parse(validTo);
  // Unparsable dates (the initial batch has "0001-01-01T00:57:00+00:57") count as closed.
  return Number.isFinite(t) && t > Date.now();
}

/** Item code and name of a codelist child such as <Municipality><Codelist><CodelistItem>. */
export function codelistItem(r: RegisterRecord, element: string): { code: string; name: string } {
  return {
    code: r.fields[`${element}/Codelist/CodelistItem/ItemCode`] ?? '',
    name: r.fields[`${element}/Codelist/CodelistItem/ItemName`] ?? '',
  };
}

/** Parses XML text arriving in chunks; returns the records completed by each chunk. */
class RegisterXmlParser {
  private parser = new SaxesParser();
  private stack: string[] = [];
  private record: { type: RegisterRecordType; depth: number; fields: Record<string, string> } | null = null;
  private text = '';
  private done: RegisterRecord[] = [];

  constructor() {
    this.parser.on('opentag', (tag) => {
      const name = localName(tag.name);
      this.stack.push(name);
      this.text = '';
      if (!this.record && CHANGE_TYPES[name]) {
        this.record = { type: CHANGE_TYPES[name], depth: this.stack.length, fields: {} };
      }
    });
    this.parser.on('text', (t) => {
      if (this.record) this.text += t;
    });
    this.parser.on('closetag', () => {
      const rec = this.record;
      if (rec && this.stack.length > rec.depth) {
        const value = this.text.trim();
        if (value) rec.fields[this.stack.slice(rec.depth).join('/')] = value;
        this.text = '';
      } else if (rec && this.stack.length === rec.depth) {
        const f = rec.fields;
        if (f.objectId) {
          this.done.push({
            type: rec.type,
            objectId: f.objectId,
            current: isCurrent(f.validTo),
            deleted: f.databaseOperation === 'DELETE',
            fields: f,
          });
        }
        this.record = null;
      }
      this.stack.pop();
    });
    this.parser.on('error', (e) => {
      throw e;
    });
  }

  write(chunk: string): RegisterRecord[] {
    this.parser.write(chunk);
    const out = this.done;
    this.done = [];
    return out;
  }

  close(): RegisterRecord[] {
    this.parser.close();
    const out = this.done;
    this.done = [];
    return out;
  }
}

/** Records of one XML stream, in batches as the stream is read. */
async function* readRegisterXml(
  stream: Readable,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<RegisterRecord[]> {
  const parser = new RegisterXmlParser();
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    onBytes?.(chunk.length);
    const records = parser.write(decoder.decode(chunk, { stream: true }));
    if (records.length) yield records;
  }
  parser.write(decoder.decode());
  const rest = parser.close();
  if (rest.length) yield rest;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
}

/** The XML entries of a zip, one after another, each as a stream (yauzl reads lazily). */
async function* zipXmlEntries(file: string): AsyncGenerator<{ name: string; size: number; stream: Readable }> {
  const zip = await openZip(file);
  try {
    for (;;) {
      const entry = await new Promise<yauzl.Entry | null>((resolve, reject) => {
        const onEntry = (e: yauzl.Entry) => {
          zip.off('end', onEnd);
          zip.off('error', onError);
          resolve(e);
        };
        const onEnd = () => {
          zip.off('entry', onEntry);
          zip.off('error', onError);
          resolve(null);
        };
        const onError = (e: Error) => {
          zip.off('entry', onEntry);
          zip.off('end', onEnd);
          reject(e);
        };
        zip.once('entry', onEntry);
        zip.once('end', onEnd);
        zip.once('error', onError);
        zip.readEntry();
      });
      if (!entry) return;
      if (!/\.xml$/i.test(entry.fileName)) continue;
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (err, s) => (err ? reject(err) : resolve(s))),
      );
      yield { name: entry.fileName, size: entry.uncompressedSize, stream };
    }
  } finally {
    zip.close();
  }
}

/**
 * Every record of a batch file: a `.zip` of XML files (entries in stored order) or one `.xml`.
 * `onBytes` reports uncompressed bytes read, for a progress bar.
 */
export async function* readRegisterFile(
  file: string,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<RegisterRecord[]> {
  if (/\.zip$/i.test(file)) {
    for await (const entry of zipXmlEntries(file)) yield* readRegisterXml(entry.stream, onBytes);
  } else {
    yield* readRegisterXml(createReadStream(file), onBytes);
  }
}

/** Total uncompressed size of a batch file (for the progress bar's total). */
export async function registerFileSize(file: string): Promise<number> {
  if (!/\.zip$/i.test(file)) {
    const { stat } = await import('node:fs/promises');
    return (await stat(file)).size;
  }
  const zip = await openZip(file);
  return new Promise((resolve, reject) => {
    let total = 0;
    zip.on('entry', (e: yauzl.Entry) => {
      if (/\.xml$/i.test(e.fileName)) total += e.uncompressedSize;
      zip.readEntry();
    });
    zip.on('end', () => resolve(total));
    zip.on('error', reject);
    zip.readEntry();
  });
}
