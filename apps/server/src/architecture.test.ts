import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Module boundaries: each module under src/modules exposes its public surface in its index.ts.
 * Code outside a module (another module, a plugin, the app, the database layer) imports only that
 * index, never a file inside the module. A module's own files never import its index (that would
 * make the surface a cycle).
 */
const srcDir = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => path.relative(srcDir, path.resolve(path.dirname(file), s)));
}

/** The module a path under src belongs to, or null outside src/modules. */
function moduleOf(relative: string): string | null {
  const [top, name] = relative.split(path.sep);
  return top === 'modules' && name ? name : null;
}

function boundaryViolations(files: string[]): string[] {
  const violations: string[] = [];
  for (const file of files) {
    const relative = path.relative(srcDir, file);
    const from = moduleOf(relative);
    for (const target of importsOf(file)) {
      const to = moduleOf(target);
      if (to === null) continue;
      const isIndex = target === path.join('modules', to, 'index.js');
      if (from === to && isIndex && path.basename(relative) !== 'index.ts') {
        violations.push(`${relative} imports its own module's index`);
      }
      if (from !== to && !isIndex) violations.push(`${relative} reaches into ${target}`);
    }
  }
  return violations;
}

describe('module boundaries', () => {
  it('imports another module only through its index.ts', () => {
    expect(boundaryViolations(sourceFiles(srcDir))).toEqual([]);
  });

  it('lays modules/permits out by use case: no loose files beside routes, index and the presenter', () => {
    // Issue 23: a command's or a query's files sit in its folder (add/, edit/, expire/, list/, history/).
    const permitsDir = path.join(srcDir, 'modules', 'permits');
    const loose = fs
      .readdirSync(permitsDir, { withFileTypes: true })
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => !['index.ts', 'routes.ts', 'permit-presenter.ts'].includes(name));
    expect(loose).toEqual([]);
  });

  it('every module has an index.ts', () => {
    const modules = fs.readdirSync(path.join(srcDir, 'modules'));
    const missing = modules.filter((name) => !fs.existsSync(path.join(srcDir, 'modules', name, 'index.ts')));
    expect(missing).toEqual([]);
  });
});
