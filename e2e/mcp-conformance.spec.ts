// The MCP conformance suite's server scenarios that apply to this server (tools, resources, prompts), against the
// running portal (the same `npm start` server the other end-to-end tests use).
import { expect, test } from '@playwright/test';
import { runConformance, SCENARIOS } from '../scripts/mcp-conformance';

test('MCP conformance: server-initialize, ping, tools-list, resources-list, prompts-list, dns-rebinding-protection', async ({ baseURL }, testInfo) => {
  test.setTimeout(600_000);
  const results = runConformance(`${baseURL}/mcp`);
  const table = results.map((r) => `${r.passed ? 'PASS' : 'FAIL'}  ${r.scenario}`).join('\n');
  console.log(table);
  await testInfo.attach('mcp-conformance.txt', { body: results.map((r) => `== ${r.scenario}\n${r.output}`).join('\n'), contentType: 'text/plain' });
  expect(results.map((r) => r.scenario)).toEqual(SCENARIOS);
  for (const r of results) expect(r.passed, `${r.scenario}\n${r.output}`).toBe(true);
});
