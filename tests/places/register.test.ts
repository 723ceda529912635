// The register import (XML change batches and the CSV export) and the address search over what it
// loads. Test records use object ids 9900000xx and are removed afterwards.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { databaseHandle, getSql } from '@/lib/db';
import { env } from '@/lib/env';
import { searchPlaces } from '@/lib/places';
import { importRegisterFile } from '@/lib/places/register-import';
import { rebuildStreetPlaceNames } from '@/lib/reference/import';
import { readRegisterFile } from '@/lib/reference/register-xml';

const dir = mkdtempSync(path.join(os.tmpdir(), 'register-test-'));
const quiet = { progress: false, log: () => undefined };
let lucky = '';
let kosiceSm = '';
let hlavna = '';

function change(tag: string, body: string, validTo = '3000-12-31T23:59:59.0', op = 'INSERT'): string {
  return `<${tag}><changeId>1</changeId><databaseOperation>${op}</databaseOperation>${body.match(/<objectId>.*?<\/objectId>/)![0]}` +
    `<versionId>1</versionId><createdReason>CORRECT</createdReason><validFrom>2016-01-01T00:00:00.0</validFrom>` +
    `<validTo>${validTo}</validTo>${body.replace(/<objectId>.*?<\/objectId>/, '')}</${tag}>`;
}

function register(type: string, changes: string[]): string {
  return `<register><type>${type}</type><count>${changes.length}</count>${changes.join('')}</register>`;
}

/** A change-batch document ("zmenová dávka") holding the given registers. */
function batch(...registers: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><ns0:getChangesResponse xmlns:ns0="http://www.minv.sk/ra"><return>` +
    `<resultCode>1</resultCode>${registers.join('')}</return></ns0:getChangesResponse>`;
}

async function count(sql: string): Promise<number> {
  const s = await getSql();
  const [row] = await s.unsafe<Record<string, unknown>[]>(sql);
  return Number(Object.values(row)[0]);
}

beforeAll(async () => {
  const sql = await getSql();
  [{ object_id: lucky }] = await sql<{ object_id: string }[]>`
    select object_id from register_objects where kind = 'municipality' and municipality_code = 'SK0318510815' and current limit 1`;
  [{ object_id: kosiceSm }] = await sql<{ object_id: string }[]>`
    select object_id from register_objects where kind = 'municipality' and municipality_code = 'SK0422598186' and current limit 1`;
  [{ id: hlavna }] = await sql<{ id: string }[]>`
    select id from streets where municipality_code = 'SK0422598186' and name = 'Hlavná' limit 1`;
});

afterAll(async () => {
  const handle = await databaseHandle();
  await handle.sql.begin(async (tx) => {
    await tx`delete from addresses where id like '9900000%'`;
    await tx`delete from register_objects where object_id like '9900000%'`;
    await tx`delete from streets where id like 'ra:%' and name_norm = 'testovacia'`;
    await rebuildStreetPlaceNames(tx as never);
  });
  rmSync(dir, { recursive: true, force: true });
});

describe('register import: XML change batches', () => {
  test('entrances, buildings in any order; village addresses by súpisné číslo, street addresses by number', async () => {
    const file = path.join(dir, 'zmenova-davka.xml');
    // Entrances first, their buildings after: links are resolved once the whole file is in.
    const entrances = register('BUILDING_NUMBER', [
      change('buildingNumberChange', `<objectId>990000002</objectId><AddressPoint><BLH><axisB>49.12350</axisB><axisL>19.39120</axisL></BLH></AddressPoint><propertyRegistrationNumberIdentifier>990000001</propertyRegistrationNumberIdentifier>`),
      change('buildingNumberChange', `<objectId>990000003</objectId><BuildingNumber>12</BuildingNumber><PostalCode>04001</PostalCode><AddressPoint><BLH><axisB>48.72300</axisB><axisL>21.25800</axisL></BLH></AddressPoint><propertyRegistrationNumberIdentifier>990000004</propertyRegistrationNumberIdentifier><streetNameIdentifier>${hlavna}</streetNameIdentifier>`),
    ]);
    const buildings = register('PROPERTY_REGISTRATION_NUMBER', [
      change('propertyRegistrationNumberChange', `<objectId>990000001</objectId><PropertyRegistrationNumber>123</PropertyRegistrationNumber><municipalityIdentifier>${lucky}</municipalityIdentifier>`),
      change('propertyRegistrationNumberChange', `<objectId>990000004</objectId><PropertyRegistrationNumber>1234</PropertyRegistrationNumber><municipalityIdentifier>${kosiceSm}</municipalityIdentifier>`),
    ]);
    writeFileSync(file, batch(entrances, buildings));
    const handle = await databaseHandle();
    const r = await importRegisterFile(handle, file, quiet);
    expect(r.format).toBe('xml');
    expect(r.byType).toMatchObject({ entrance: 2, building: 2 });
    expect(r.addressesWritten).toBe(2);

    const village = await searchPlaces('Lúčky 123');
    expect(village.places[0]).toMatchObject({ type: 'adresa', name: 'Lúčky 123', point: [19.3912, 49.1235] });
    expect(village.places[0].municipality?.code).toBe('SK0318510815');
    expect(village.places[0].near?.name).toBe('Ružomberok');

    const street = await searchPlaces('Hlavná 12, Košice');
    expect(street.places[0]).toMatchObject({ type: 'adresa', name: 'Hlavná 1234/12, Košice-Staré Mesto', point: [21.258, 48.723] });
    expect(street.places[0].near).toBeUndefined();
    expect((await searchPlaces('hlavna 1234/12 kosice')).places[0].name).toBe('Hlavná 1234/12, Košice-Staré Mesto');

    // Idempotent: the same batch again changes nothing.
    const before = await count(`select count(*) from addresses where id like '9900000%'`);
    await importRegisterFile(handle, file, quiet);
    expect(await count(`select count(*) from addresses where id like '9900000%'`)).toBe(before);

    // A later batch closes the village entrance: it leaves the search.
    const closing = path.join(dir, 'zmenova-davka-2.xml');
    writeFileSync(closing, batch(register('BUILDING_NUMBER', [
      change('buildingNumberChange', `<objectId>990000002</objectId><propertyRegistrationNumberIdentifier>990000001</propertyRegistrationNumberIdentifier>`, '2020-01-01T00:00:00.0', 'UPDATE'),
    ])));
    const r2 = await importRegisterFile(handle, closing, quiet);
    expect(r2.addressesRemoved).toBe(1);
    const after = await searchPlaces('Lúčky 123');
    expect(after.places.some((p) => p.type === 'adresa')).toBe(false);
  });

  test('the staged 2015 batch zip is read record by record', async () => {
    const counts: Record<string, number> = {};
    for await (const b of readRegisterFile(path.join(env().referenceDataDir!, 'register-adries-2015/davky.zip'))) {
      for (const r of b) counts[r.type] = (counts[r.type] ?? 0) + 1;
    }
    expect(counts).toEqual({ building: 40, entrance: 118, region: 19, county: 82, municipality: 3011, part: 2616, street: 37317, unit: 8071 });
  });
});

describe('register import: CSV export', () => {
  test('semicolon CSV with WGS84 axes: upsert by object id, historical rows dropped, new street names searchable', async () => {
    const file = path.join(dir, 'adresy.csv');
    writeFileSync(
      file,
      [
        'objectId;streetName;buildingNumber;buildingIndex;propertyRegistrationNumber;municipalityCode;postalCode;axisB;axisL;validTo',
        '990000101;Obchodná;52;A;1111;SK0101528595;811 06;48.14660;17.10500;',
        '990000102;Testovacia;7;;2222;SK031B517402;01001;49.22000;18.74000;',
        '990000103;Testovacia;9;;2223;517402;01001;-1200000.5;-420000.25;',
        '990000104;Obchodná;54;;1112;SK0101528595;81106;48.14670;17.10510;2010-05-01',
      ].join('\n'),
    );
    const handle = await databaseHandle();
    const r = await importRegisterFile(handle, file, quiet);
    expect(r).toMatchObject({ format: 'csv', records: 4, addressesWritten: 3, addressesRemoved: 0 });
    const obchodna = await searchPlaces('Obchodná 52a, Bratislava');
    expect(obchodna.places[0]).toMatchObject({ type: 'adresa', name: 'Obchodná 1111/52A, Bratislava-Staré Mesto', point: [17.105, 48.1466] });
    const test7 = await searchPlaces('Testovacia 7, Žilina');
    expect(test7.places[0]).toMatchObject({ type: 'adresa', name: 'Testovacia 2222/7, Žilina' });
    // S-JTSK metres are not converted: the address is kept, placed at its street's point.
    const test9 = await searchPlaces('Testovacia 9, Zilina');
    expect(test9.places[0]).toMatchObject({ type: 'adresa', name: 'Testovacia 2223/9, Žilina', point: [18.74, 49.22] });
    expect(await count(`select count(*) from addresses where id = '990000104'`)).toBe(0);
    // The new street is in the place index too.
    expect((await searchPlaces('Testovacia, Žilina')).places[0]).toMatchObject({ type: 'ulica', name: 'Testovacia, Žilina' });

    await importRegisterFile(handle, file, quiet);
    expect(await count(`select count(*) from addresses where id like '9900001%'`)).toBe(3);
  });

  test('a CSV without an id column is refused', async () => {
    const file = path.join(dir, 'zle.csv');
    writeFileSync(file, 'ulica,cislo\nHlavná,1\n');
    await expect(importRegisterFile(await databaseHandle(), file, quiet)).rejects.toThrow(/no id column/);
  });
});
