// `npm start`: build when the build is missing or older than the sources, then run the server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const SOURCES = ['app', 'lib', 'components', 'content', 'public', 'next.config.ts', 'package-lock.json', 'tsconfig.json'];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const buildId = path.join('.next', 'BUILD_ID');
const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map(newestMtime));
/** `next build` type-checks, so it needs the dev dependencies (TypeScript and the type packages). */
function canBuild(): boolean {
  try {
    createRequire(import.meta.url).resolve('typescript');
    return true;
  } catch {
    return false;
  }
}

if (builtAt < sourcesAt) {
  if (!canBuild()) {
    console.error(
      `${builtAt ? 'The build (.next) is older than the sources' : 'There is no build (.next)'}, and this installation has no dev ` +
        'dependencies to build with (npm ci --omit=dev). Build where they are installed (npm ci && npm run build) and ' +
        'copy .next here, or install them here; see README "Deploying".',
    );
    process.exit(1);
  }
  console.log(builtAt ? 'sources changed since the last build: building' : 'no build yet: building');
  const r = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: process.env });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { runServer } = await import('../server');
runServer();
