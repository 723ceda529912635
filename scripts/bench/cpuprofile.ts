// Summarises V8 CPU profiles (`node --cpu-prof`, e.g. from `npm run bench -- load --profile=<dir>`):
// self time by module (package, portal folder, Next.js chunk, node internals), the top functions by
// self time, and inclusive time of the portal's services (a frame of lib/places/ anywhere on the
// stack counts for places), as shares of all sampled time, idle excluded.
//
//   npx tsx scripts/bench/cpuprofile.ts <file-or-dir>... [--top=25] [--callers=<regex of function/module>] [--last=<s>]
//     [--inclusive=<regex of "function url">]...
//
// --last=<s> keeps only the samples of each profile's last <s> seconds (a server stopped right after a
// load run: the run without the start-up). Each --inclusive=<regex> prints the share of samples with a
// frame matching `<function> <url>` anywhere on the stack (e.g. `--inclusive='^endWhole '`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The profile with only the samples of its last `seconds` (their ticks from the end). */
export function lastSeconds(p: Profile, seconds: number): Profile {
  const at: number[] = [];
  let t = 0;
  for (const d of p.timeDeltas) at.push((t += d));
  const from = t - seconds * 1e6;
  const keep = at.map((x) => x >= from);
  return { ...p, samples: p.samples.filter((_, i) => keep[i]), timeDeltas: p.timeDeltas.filter((_, i) => keep[i]) };
}

/** Service areas: the first stack frame (from the top) whose location matches names the area. */
const AREAS: Array<[string, RegExp]> = [
  ['mcp (lib/mcp, MCP SDK)', /lib\/mcp\/|@modelcontextprotocol|modelcontextprotocol/],
  ['places (lib/places)', /lib\/places\//],
  ['summary (lib/summary)', /lib\/summary\//],
  ['nearby (lib/nearby)', /lib\/nearby\//],
  ['catalog (lib/providers/catalog, lib/catalog)', /lib\/providers\/catalog|lib\/catalog\//],
  ['data (lib/data)', /lib\/data\//],
  ['health (lib/health)', /lib\/health\//],
  ['operation parsing (lib/operation, zod)', /lib\/operation\/|node_modules\/zod\//],
  ['request listener (lib/server, compression)', /lib\/server\/|node_modules\/compression\//],
  ['database driver (postgres.js, PGlite, drizzle)', /node_modules\/(postgres|@electric-sql|drizzle-orm)\//],
];

const ROOT = path.resolve(import.meta.dirname, '../..');
const maps = new Map<string, SourceMap | null>();
/**
 * The original location of a frame in a Next.js chunk (its .map next to it): the bundled, minified
 * code then counts for the portal file or package it came from.
 */
function original(frame: ProfileNode['callFrame']): { url: string; functionName: string } {
  const url = frame.url.replace(/^file:\/\//, '');
  const at = url.indexOf('/.next/');
  if (at < 0 || !url.endsWith('.js')) return frame;
  // Servers run in a copy of the build that is gone by now (scripts/resilience/portal.ts): this
  // project's build, the same one, has the maps.
  const file = existsSync(url) ? url : path.join(ROOT, url.slice(at + 1));
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null;
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; name?: string } | undefined;
  if (!entry?.originalSource) return frame;
  const src = entry.originalSource.replace(/^turbopack:\/\/\/(\[project\]\/)?/, '/').replace(/^file:\/\//, '');
  return { url: src, functionName: entry.name ?? frame.functionName };
}

function moduleOf(url: string, fn: string): string {
  if (!url) return fn === '(garbage collector)' ? '(garbage collector)' : fn.startsWith('(') ? fn : '(native / builtin)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  const next = url.indexOf('.next/');
  if (next >= 0) return `.next/${url.slice(next + 6).split('/').slice(0, 3).join('/')}`;
  const lib = url.indexOf('/lib/');
  if (lib >= 0) return `lib/${url.slice(lib + 5).split('/')[0]}`;
  return url.replace(/^file:\/\//, '').split('/').slice(-2).join('/');
}

function files(args: string[]): string[] {
  const out: string[] = [];
  for (const a of args) {
    if (statSync(a).isDirectory()) {
      for (const e of readdirSync(a, { recursive: true }) as string[]) if (e.endsWith('.cpuprofile')) out.push(path.join(a, e));
    } else out.push(a);
  }
  return out;
}

export function summarise(profiles: Profile[], top = 25, callersOf?: RegExp, inclusive: RegExp[] = []): string {
  const callers = new Map<string, number>();
  const inclusiveUs = inclusive.map(() => 0);
  const selfByModule = new Map<string, number>();
  const selfByFunction = new Map<string, number>();
  const byArea = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const p of profiles) {
    // Frames of Next.js chunks under their original file and name (source maps).
    for (const n of p.nodes) {
      const o = original(n.callFrame);
      n.callFrame = { ...n.callFrame, url: o.url, functionName: o.url === n.callFrame.url ? n.callFrame.functionName : `${n.callFrame.functionName}→${o.functionName}` };
    }
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const self = new Map<number, number>();
    for (let i = 0; i < p.samples.length; i++) self.set(p.samples[i], (self.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
    const matchMemo = new Map<number, boolean[]>();
    /** Which of the inclusive patterns a frame of the stack of `id` matches. */
    const matchesOf = (id: number): boolean[] => {
      let hit = matchMemo.get(id);
      if (hit) return hit;
      const f = byId.get(id)!.callFrame;
      const own = inclusive.map((re) => re.test(`${f.functionName} ${f.url}`));
      const up = parent.get(id);
      hit = up === undefined ? own : matchesOf(up).map((m, i) => m || own[i]);
      matchMemo.set(id, hit);
      return hit;
    };
    const areaMemo = new Map<number, string>();
    const areaOf = (id: number): string => {
      const hit = areaMemo.get(id);
      if (hit) return hit;
      // From the sampled frame up: the innermost service area on the stack.
      let area = 'other (Next.js, node, framework)';
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
        const url = byId.get(cur)!.callFrame.url;
        const found = AREAS.find(([, re]) => re.test(url));
        if (found) {
          area = found[0];
          break;
        }
      }
      areaMemo.set(id, area);
      return area;
    };
    for (const [id, us] of self) {
      const n = byId.get(id)!;
      const fn = n.callFrame.functionName || '(anonymous)';
      if (fn === '(idle)' || fn === '(program)') {
        idle += us;
        continue;
      }
      total += us;
      const mod = moduleOf(n.callFrame.url, fn);
      selfByModule.set(mod, (selfByModule.get(mod) ?? 0) + us);
      const key = `${fn} ${mod}${n.callFrame.url ? `:${n.callFrame.lineNumber + 1}` : ''}`;
      selfByFunction.set(key, (selfByFunction.get(key) ?? 0) + us);
      if (inclusive.length) matchesOf(id).forEach((m, i) => m && (inclusiveUs[i] += us));
      const area = areaOf(id);
      byArea.set(area, (byArea.get(area) ?? 0) + us);
      if (callersOf && callersOf.test(`${fn} ${mod}`)) {
        // The first frames outside the matching module(s), from the sampled one up.
        const chain: string[] = [];
        for (let cur = parent.get(id); cur !== undefined && chain.length < Number(process.env.CALLER_DEPTH ?? 3); cur = parent.get(cur)) {
          const f = byId.get(cur)!.callFrame;
          const m = moduleOf(f.url, f.functionName);
          if (callersOf.test(`${f.functionName} ${m}`)) continue;
          chain.push(`${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(node_modules|lib|app)\//, '$1/')}:${f.lineNumber + 1}`);
        }
        const k = chain.join(' < ');
        callers.set(k, (callers.get(k) ?? 0) + us);
      }
    }
  }
  const pct = (us: number) => `${((100 * us) / total).toFixed(1)} %`;
  const rows = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `  ${pct(us).padStart(7)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${k}`)
      .join('\n');
  return [
    `busy CPU ${(total / 1e6).toFixed(1)} s (idle/program ${(idle / 1e6).toFixed(1)} s) over ${profiles.length} profile(s)`,
    `\nby service area (innermost portal area on the stack):\n${rows(byArea, 20)}`,
    `\nself time by module:\n${rows(selfByModule, top)}`,
    `\nself time by function:\n${rows(selfByFunction, top)}`,
    ...(callersOf ? [`\ncallers of ${callersOf}:\n${rows(callers, top)}`] : []),
    ...(inclusive.length ? [`\ninclusive time (a matching frame anywhere on the stack):\n${rows(new Map(inclusive.map((re, i) => [String(re), inclusiveUs[i]])), inclusive.length)}`] : []),
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
  const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 25);
  const last = Number(process.argv.find((a) => a.startsWith('--last='))?.slice(7));
  const profiles = files(args)
    .map((f) => JSON.parse(readFileSync(f, 'utf8')) as Profile)
    .map((p) => (last > 0 ? lastSeconds(p, last) : p));
  const callers = process.argv.find((a) => a.startsWith('--callers='))?.slice(10);
  const inclusive = process.argv.filter((a) => a.startsWith('--inclusive=')).map((a) => new RegExp(a.slice(12)));
  console.log(summarise(profiles, top, callers ? new RegExp(callers) : undefined, inclusive));
}
