// MCP tool `validate_data`: check a data response, alone or against a dataset of a manifest.
import { validateDataOperation } from '@/lib/validator/operation';
import { defineTool, READ_ONLY } from '../tool';

export const validateDataTool = defineTool({
  name: 'validate_data',
  title: 'Kontrola dát',
  description:
    'Checks a data response (a GeoJSON FeatureCollection with optional dm extras) against protocol 0.1. With `dataset` (one dataset object from a manifest) it also checks consistency: properties named by fields and presentation, geometry that suits the presentation, coverage, time series. Returns a validator report { valid, summary, errors[], warnings[] }.',
  annotations: READ_ONLY,
  operation: validateDataOperation,
  headline: (r) => r.summary,
});
