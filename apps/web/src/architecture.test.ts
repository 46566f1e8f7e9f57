import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One-way imports (bulletproof-react): shared code (components, lib, i18n) -> features -> app.
 * Features never import each other; shared code never imports a feature or the app shell.
 */
const srcDir = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => path.relative(srcDir, path.resolve(path.dirname(file), s)));
}

/** The layer of a path under src: 'app', 'feature:<name>' or 'shared'. */
function layerOf(relative: string): string {
  const [top, second] = relative.split(path.sep);
  if (top === 'app' || top === 'main.tsx') return 'app';
  if (top === 'features') return `feature:${second}`;
  return 'shared';
}

describe('import direction', () => {
  const violations: string[] = [];
  // Test helpers (src/test) wrap components in the app's providers: they may import anything.
  for (const file of sourceFiles(srcDir).filter(
    (f) => !path.relative(srcDir, f).startsWith(`test${path.sep}`),
  )) {
    const from = layerOf(path.relative(srcDir, file));
    for (const target of importsOf(file)) {
      const to = layerOf(target);
      const allowed =
        from === to ||
        to === 'shared' ||
        (from === 'app' && to.startsWith('feature:')) ||
        target.startsWith(`test${path.sep}`);
      if (!allowed) violations.push(`${path.relative(srcDir, file)} (${from}) imports ${target} (${to})`);
    }
  }

  it('keeps shared code free of features and the app shell, and features free of each other', () => {
    expect(violations).toEqual([]);
  });
});

/** Query keys come from the factories in lib/query-keys.ts: a literal array elsewhere is a key shared by convention. */
const literalKey = /(?:queryKey:\s*|(?:QueryData|Queries)\(\s*)\[/;

describe('query keys', () => {
  it('are built by the key factory, never written as literal arrays in features or shared code', () => {
    const literal = sourceFiles(srcDir)
      .filter(
        (f) => !/\.test\.tsx?$/.test(f) && path.relative(srcDir, f) !== path.join('lib', 'query-keys.ts'),
      )
      .flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) => (literalKey.test(line) ? [`${path.relative(srcDir, file)}:${i + 1}`] : [])),
      );
    expect(literal).toEqual([]);
  });
});

/** Forms hold their fields through the form kit (components/form: useContractForm and its fields). */
describe('one form kit', () => {
  const kitDir = path.join(srcDir, 'components', 'form');
  // Tests of shared form parts may build a bare react-hook-form form; the app's code may not.
  const outsideKit = sourceFiles(srcDir).filter(
    (f) => !f.startsWith(`${kitDir}${path.sep}`) && !/\.test\.tsx?$/.test(f),
  );
  const importing = (pattern: RegExp) =>
    outsideKit
      .filter((file) => pattern.test(fs.readFileSync(file, 'utf8')))
      .map((f) => path.relative(srcDir, f));

  it('is the only place that calls react-hook-form’s useForm', () => {
    expect(importing(/import\s*\{[^}]*\buseForm\b[^}]*\}\s*from\s*['"]react-hook-form['"]/)).toEqual([]);
  });

  it('is the only place that imports @hookform/resolvers', () => {
    expect(importing(/from\s*['"]@hookform\/resolvers/)).toEqual([]);
  });

  // A <form> element whose file never calls useContractForm keeps its fields somewhere else (useState,
  // props from a parent): every form in the app holds its fields in the kit.
  it('holds the fields of every <form> element (a file rendering one calls useContractForm)', () => {
    const formElement = /<form[\s>]/;
    const withoutKit = outsideKit
      .filter((f) => f.endsWith('.tsx'))
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return formElement.test(text) && !/\buseContractForm\s*[<(]/.test(text);
      })
      .map((f) => path.relative(srcDir, f));
    expect(withoutKit).toEqual([]);
  });
});
