import { describe, expect, test } from 'vitest';
import { databaseHandle, getSql } from '@/lib/db';

describe('database', () => {
  test('migrations created the schema with PostGIS, pg_trgm and unaccent', async () => {
    const sql = await getSql();
    const ext = await sql<{ extname: string }[]>`select extname from pg_extension order by extname`;
    const names = ext.map((e) => e.extname);
    expect(names).toEqual(expect.arrayContaining(['postgis', 'pg_trgm', 'unaccent']));
    const [{ u }] = await sql<{ u: string }[]>`select immutable_unaccent('Žilina Štúrova') as u`;
    expect(u).toBe('Zilina Sturova');
    const tables = await sql<{ table_name: string }[]>`
      select table_name from information_schema.tables where table_schema = 'public'`;
    expect(tables.map((t) => t.table_name)).toEqual(
      expect.arrayContaining(['municipalities', 'districts', 'regions', 'providers', 'data_cache', 'place_names']),
    );
  });

  test('spatial queries work', async () => {
    const sql = await getSql();
    const [{ d }] = await sql<{ d: number }[]>`
      select ST_Distance(ST_Point(17.1077, 48.1486)::geography, ST_Point(18.7394, 49.2231)::geography) as d`;
    expect(d / 1000).toBeGreaterThan(160);
    expect(d / 1000).toBeLessThan(170);
  });

  test('transactions from concurrent connections do not interleave', async () => {
    const sql = await getSql();
    await sql`create table if not exists tx_probe (n int)`;
    await sql`truncate tx_probe`;
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        sql.begin(async (tx) => {
          const [{ c }] = await tx<{ c: number }[]>`select count(*)::int as c from tx_probe`;
          await tx`insert into tx_probe values (${c})`;
        }).then(() => i),
      ),
    );
    const rows = await sql<{ n: number }[]>`select n from tx_probe order by n`;
    // Serialised transactions see each other's commits: 0, 1, ..., 19 exactly once.
    if ((await sql`select current_setting('server_version_num')::int as v`)[0].v >= 180000) {
      expect(rows.map((r) => r.n)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    } else {
      expect(rows).toHaveLength(20);
    }
    await sql`drop table tx_probe`;
  });

  test('on PostgreSQL every statement keeps one generic plan (plan_cache_mode)', async () => {
    const handle = await databaseHandle();
    const sql = await getSql();
    const [{ mode }] = await sql<{ mode: string }[]>`select current_setting('plan_cache_mode') as mode`;
    // The embedded database sends unnamed statements, planned per query whatever the setting.
    expect(mode).toBe(handle.mode === 'postgres' ? 'force_generic_plan' : 'auto');
  });
});
