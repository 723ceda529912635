// The portal's MCP tools in the order tools/list names them: the eleven of the spec, with the portal's own (territory, map_image) beside the tools they work with.
import type { PortalTool } from '../tool';
import { catalogTool } from './catalog';
import { documentationTool } from './documentation';
import { exampleTool } from './example';
import { fetchDataTool } from './fetch-data';
import { findPlaceTool } from './find-place';
import { mapImageTool } from './map-image';
import { nearbyTool } from './nearby';
import { registerProviderTool } from './register-provider';
import { schemaTool } from './schema';
import { summaryTool } from './summary';
import { territoryTool } from './territory';
import { validateDataTool } from './validate-data';
import { validateManifestTool } from './validate-manifest';

export const TOOLS: readonly PortalTool[] = [
  documentationTool,
  schemaTool,
  exampleTool,
  validateManifestTool,
  validateDataTool,
  registerProviderTool,
  catalogTool,
  findPlaceTool,
  territoryTool,
  nearbyTool,
  summaryTool,
  fetchDataTool,
  mapImageTool,
];

/** GET /mcp/schemas.json: every tool's whole input and output schema (tools/list carries brief ones). */
export function toolSchemasDocument(): { description: string; tools: Record<string, { inputSchema: unknown; outputSchema: unknown }> } {
  return {
    description: 'The whole JSON Schemas (draft 2020-12) of the MCP tools of this portal; tools/list carries brief forms of them.',
    tools: Object.fromEntries(TOOLS.map((t) => [t.name, t.schemas()])),
  };
}
