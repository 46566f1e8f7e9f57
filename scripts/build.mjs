// @ts-check
/**
 * The build (decision 36): the server and the contract compiled by `tsc --build` (incremental) to
 * JavaScript in apps/server/dist and packages/contract/dist, the files the server reads at run time
 * (SQL migrations) mirrored beside it, and the web app built by Vite.
 *
 *   node scripts/build.mjs               everything (`npm run build`)
 *   node scripts/build.mjs --if-changed  each part only when the hash of its inputs differs from the
 *                                        one its last build recorded (`npm start`, `npm run test:e2e`)
 *
 * Plain JavaScript so that it runs under `node` alone, before anything is compiled.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverProject = path.join(repoRoot, 'apps/server/tsconfig.build.json');
const serverDist = path.join(repoRoot, 'apps/server/dist');
const webDist = path.join(repoRoot, 'apps/web/dist');
/** The hash of a build's inputs, written beside what they built (a dot file: never served). */
const INPUTS_FILE = '.build-inputs';

/** Files the compiled server reads at run time, from its source folder to the same place in dist. */
const RUN_TIME_ASSETS = [{ from: 'apps/server/src/db/migrations', to: 'apps/server/dist/db/migrations' }];

/** What the compiled server is made of: unchanged, `tsc --build` is not even started. */
const SERVER_INPUTS = [
  'apps/server/src',
  'apps/server/tsconfig.json',
  'apps/server/tsconfig.build.json',
  'packages/contract',
  'package-lock.json',
  'tsconfig.base.json',
];
/** What the web bundle is made of: a change to any of them (or to these settings) builds it again. */
const WEB_INPUTS = ['apps/web', 'packages/contract', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);
/** Tests are in neither output: changing one rebuilds nothing. */
const TEST_FILE = /\.test\.tsx?$/;

/** Compiles with the TypeScript API, loaded only when there is something to compile (loading it takes a second). */
async function compileServer() {
  const started = performance.now();
  const { default: ts } = await import('typescript');
  /** @type {ts.Diagnostic[]} */
  const problems = [];
  const host = ts.createSolutionBuilderHost(ts.sys, undefined, (d) => problems.push(d));
  const status = ts.createSolutionBuilder(host, [serverProject], {}).build();
  if (problems.length > 0) {
    const format = {
      getCanonicalFileName: (/** @type {string} */ name) => name,
      getCurrentDirectory: () => repoRoot,
      getNewLine: () => '\n',
    };
    console.error(ts.formatDiagnosticsWithColorAndContext(problems, format));
  }
  if (status !== ts.ExitStatus.Success) throw new Error('The server did not compile (see above).');
  return performance.now() - started;
}

/** Makes `to` hold exactly the files of `from`, writing only those that differ (a running server may read them). */
function mirror(from, to) {
  fs.mkdirSync(to, { recursive: true });
  const wanted = new Set(fs.readdirSync(from));
  for (const name of fs.readdirSync(to))
    if (!wanted.has(name)) fs.rmSync(path.join(to, name), { recursive: true });
  for (const name of wanted) {
    const source = path.join(from, name);
    const target = path.join(to, name);
    if (fs.statSync(source).isDirectory()) {
      mirror(source, target);
      continue;
    }
    const content = fs.readFileSync(source);
    if (!fs.existsSync(target) || !content.equals(fs.readFileSync(target))) fs.writeFileSync(target, content);
  }
}

/** @param {string} entry @returns {string[]} */
function listFiles(entry) {
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(entry, { withFileTypes: true })
    .filter((child) => (child.isDirectory() ? !SKIPPED_DIRS.has(child.name) : !TEST_FILE.test(child.name)))
    .flatMap((child) => listFiles(path.join(entry, child.name)));
}

/**
 * sha256 over input files (paths and contents, sorted; `dist`, `node_modules` and tests left out) and the
 * `settings` that change the output: the same on every machine for the same sources, whatever their
 * timestamps.
 * @param {string[]} entries
 * @param {Record<string, string | undefined>} settings
 */
function inputsHash(entries, settings = {}) {
  const hash = createHash('sha256');
  const files = entries.flatMap((entry) => listFiles(path.join(repoRoot, entry))).sort();
  for (const file of files) {
    hash.update(path.relative(repoRoot, file).split(path.sep).join('/'));
    hash.update('\0');
    hash.update(fs.readFileSync(file));
    hash.update('\0');
  }
  hash.update(JSON.stringify(Object.entries(settings).sort()));
  return hash.digest('hex');
}

/** The inputs hash recorded by the last build into `dist`, when its `output` is there too. */
function builtInputs(dist, output) {
  const file = path.join(dist, INPUTS_FILE);
  if (!fs.existsSync(path.join(dist, output)) || !fs.existsSync(file)) return undefined;
  return fs.readFileSync(file, 'utf8').trim();
}

function buildWeb(inputs) {
  const started = performance.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(
    npm,
    ['run', 'build', '--silent', '-w', '@client-portal/web', '--', '--logLevel', 'warn'],
    {
      cwd: repoRoot,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('The web app did not build (see above).');
  fs.writeFileSync(path.join(webDist, INPUTS_FILE), `${inputs}\n`);
  return performance.now() - started;
}

async function main() {
  const ifChanged = process.argv.includes('--if-changed');
  const seconds = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(1)} s`;
  const said = (/** @type {number | undefined} */ ms) =>
    ms === undefined ? 'unchanged, not rebuilt' : `built in ${seconds(ms)}`;

  const serverInputs = inputsHash(SERVER_INPUTS);
  const serverUnchanged = ifChanged && builtInputs(serverDist, 'server.js') === serverInputs;
  const serverMs = serverUnchanged ? undefined : await compileServer();
  for (const asset of RUN_TIME_ASSETS) mirror(path.join(repoRoot, asset.from), path.join(repoRoot, asset.to));
  if (!serverUnchanged) fs.writeFileSync(path.join(serverDist, INPUTS_FILE), `${serverInputs}\n`);

  // What Vite reads from the environment: NODE_ENV (a development build) and VITE_* values.
  const viteEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => name === 'NODE_ENV' || name.startsWith('VITE_')),
  );
  const webInputs = inputsHash(WEB_INPUTS, viteEnv);
  const webUnchanged = ifChanged && builtInputs(webDist, 'index.html') === webInputs;
  const webMs = webUnchanged ? undefined : buildWeb(webInputs);
  console.log(`build: server (apps/server/dist) ${said(serverMs)}; web app (apps/web/dist) ${said(webMs)}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
