// MCP tool `example`: valid sample manifests and data responses (as served under /priklady/).
import { exampleOperation } from '@/lib/protocol/operation';
import { defineTool, READ_ONLY } from '../tool';

export const exampleTool = defineTool({
  name: 'example',
  title: 'Vzorový manifest alebo dáta',
  description:
    'Returns a valid sample JSON document to start from: `manifest-minimal` (the smallest valid manifest), `manifest-complete` (every part of the protocol: parameters, time filter, colour forms, GeoJSON and raster datasets), `data-points` and `data-polygons` (data responses with dm extras). An unknown name answers the error code `unknown_example` with the list `available`.',
  annotations: READ_ONLY,
  operation: exampleOperation,
  headline: (_r, { name }) => `Vzor ${name} (/priklady/${name}.json)`,
});
