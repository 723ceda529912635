// MCP tool `validate_data`: check a data response, alone or against a dataset of a manifest.
import { validateDataOperation } from '@/lib/validator/operation';
import { defineTool, READ_ONLY } from '../tool';

export const validateDataTool = defineTool({
  name: 'validate_data',
  title: 'Kontrola dát',
  description:
    'Checks a data response (a GeoJSON FeatureCollection with dm extras) against protocol 0.1; with `dataset` (a manifest dataset object) also its consistency with it. Answers a validator report.',
  annotations: READ_ONLY,
  operation: validateDataOperation,
  headline: (r) => r.summary,
});
