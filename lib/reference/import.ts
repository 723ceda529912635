// Interim: replaced by the reference-data importer.
import type { DatabaseHandle } from '../db';
import type { LoadOptions } from '../startup';

export async function ensureReferenceData(_handle: DatabaseHandle, _dir: string, _options: LoadOptions): Promise<void> {}
