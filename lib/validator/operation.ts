// GET and POST /api/validate, MCP `validate_manifest` and `validate_data`: declared operations (lib/operation).
import { z } from 'zod';
import { codedIssue, defineOperation } from '@/lib/operation/define';
import { classifyValidateBody, FORMS } from './classify';
import { checkData } from './data';
import { runLiveTest, runValidation } from './live';
import { draftInput, draftManifest, draftResult } from './draft';
import { checkManifest } from './manifest';
import { anyReport, liveReport, validatorReport } from './report';

const MANIFEST_URL_REQUIRED = 'manifestUrl is required: the address of the manifest (JSON).';

const manifestUrl = z
  .string({ error: MANIFEST_URL_REQUIRED })
  .trim()
  .min(1, MANIFEST_URL_REQUIRED)
  .meta({ format: 'uri' })
  .describe('Address of the manifest (https).');

export const liveTestOperation = defineOperation({
  id: 'liveTest',
  tags: ['validation'],
  summary: 'Live test of a provider',
  description:
    'Downloads the manifest, checks it and sends a test query to each dataset as the portal would (`bbox` mode: centre of `coverage.bbox`, zoom 12 or `coverage.minZoom`; raster: one tile). Always 200 with a report, valid or not.',
  input: z.object({ manifestUrl }),
  output: liveReport,
  invalidCode: 'invalid_input',
  errors: [],
  rest: { method: 'get', path: '/api/validate', from: 'query' },
  run: async ({ manifestUrl }) => (await runLiveTest(manifestUrl)).report,
});

/** A member that must be present (any JSON value, `null` included). */
const present = z.unknown().refine((v) => v !== undefined, 'required');
const datasetObject = z.record(z.string(), z.unknown()).describe('A dataset object of a manifest.');

const validateBody = z.union(
  [
    z.looseObject({ datasets: present }).describe('A manifest.'),
    z.looseObject({ manifest: present }).describe('`{ manifest }`.'),
    z.looseObject({ type: z.literal('FeatureCollection'), features: present }).describe('A FeatureCollection.'),
    z.looseObject({ data: present, dataset: datasetObject.nullish() }).describe('`{ data, dataset? }`.'),
    z.looseObject({ manifestUrl }).describe('`{ manifestUrl }`: the live test.'),
    // A manifest lacking `datasets` is still checked (and reported), as is a collection without `type`.
    z.looseObject({ provider: present }).describe('A manifest (without `datasets`).'),
    z.looseObject({ protocol: present }).describe('A manifest (without `datasets`).'),
    z.looseObject({ features: present }).describe('A FeatureCollection (without `type`).'),
  ],
  { error: `Unrecognised body; expected ${FORMS}.` },
);

export const validateOperation = defineOperation({
  id: 'validate',
  tags: ['validation'],
  summary: 'Static check of a manifest or data (or a live test)',
  description:
    'The body is one of: a manifest (object with `datasets`) or `{ manifest }` — manifest check; a FeatureCollection or `{ data, dataset? }` — data check, with `dataset` (a dataset object of a manifest) also the consistency with the manifest; `{ manifestUrl }` — live test. A check always answers 200 with a report, whether or not the input is valid.',
  input: validateBody,
  output: anyReport,
  invalidCode: 'invalid_input',
  errors: [],
  rest: { method: 'post', path: '/api/validate', from: 'body' },
  run: (body) => runValidation(classifyValidateBody(body)),
});

const validateManifestInput = z
  .object({
    manifest: z.record(z.string(), z.unknown()).optional().describe('The manifest JSON object (static check against protocol 0.1).'),
    manifestUrl: manifestUrl.optional().describe('https URL of a published manifest (live test).'),
  })
  .superRefine((v, ctx) => {
    if ((v.manifest === undefined) === (v.manifestUrl === undefined)) ctx.addIssue(codedIssue('invalid_input', 'Give exactly one of `manifest` or `manifestUrl`.'));
  });

export const validateManifestOperation = defineOperation({
  id: 'validateManifest',
  summary: 'Static check of a manifest object, or the live test of a manifest URL',
  description: 'A validator report; the live test report also carries `provider` and `datasets[]`.',
  input: validateManifestInput,
  output: anyReport,
  invalidCode: 'invalid_input',
  errors: [],
  run: async ({ manifest, manifestUrl }) => (manifest !== undefined ? checkManifest(manifest) : (await runLiveTest(manifestUrl!)).report),
});

const validateDataInput = z.object({
  data: present.describe('The FeatureCollection to check.'),
  dataset: datasetObject.optional().describe('A dataset object from the manifest (optional): also checks consistency with it.'),
});

export const validateDataOperation = defineOperation({
  id: 'validateData',
  summary: 'Check of a data response, alone or against a dataset of a manifest',
  description: 'A validator report.',
  input: validateDataInput,
  output: validatorReport,
  invalidCode: 'invalid_input',
  errors: [],
  run: async ({ data, dataset }) => checkData(data, dataset),
});

export const draftOperation = defineOperation({
  id: 'draftManifest',
  tags: ['validation'],
  summary: 'Draft a manifest from an OGC API – Features, WFS 2.0 or ArcGIS service',
  description:
    'Reads the service (an OGC API – Features landing page or `/collections`, a WFS 2.0 GetCapabilities with DescribeFeatureType, an ArcGIS FeatureServer/MapServer with its layers) and drafts a manifest: one dataset per collection / feature type / layer with its title, description, a category guess, fields with types, coverage and a `geojson` source answering GeoJSON (OGC `items?f=json` and WFS `GetFeature` with `outputFormat=application/json` in mode `bbox`, ArcGIS `query?f=geojson` in mode `full`). Provider and licence are placeholders to fill in; then validate the manifest with `POST /api/validate`.',
  input: draftInput,
  output: draftResult,
  invalidCode: 'invalid_input',
  errors: ['invalid_url', 'https_required', 'unrecognised_service', 'source_unreachable', 'timeout', 'http_error', 'response_too_large', 'source_error'],
  rest: { method: 'post', path: '/api/validate/draft', from: 'body' },
  run: ({ url }) => draftManifest(url),
});
