// Interim: replaced by the provider registry's seeding of built-in providers.
import type { DatabaseHandle } from '../db';
import type { LoadOptions } from '../startup';

export async function seedBuiltInProviders(_handle: DatabaseHandle, _options: LoadOptions): Promise<void> {}
