import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No comment and no document points to a file that is not in the repository. Scanned: the comments of
 * every *.ts and *.tsx file, and the whole text of every *.md file. A path with a folder and a file
 * extension must name a file: read from the scanning file's folder, from the repository root, or as
 * the end of a repository file's path (so `db/kysely.ts` in a document about the server passes);
 * `.js` may stand for `.ts` as in imports, and a path starting with `..` is read from the folder only.
 * A markdown link's target is read from the document's folder, and a bare document name (`X.md`) must
 * be a file of the repository. Build output (dist/) is not in the repository by design: not checked.
 * This file's own examples are not scanned.
 */
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');
const skippedFolders = new Set(['node_modules', 'dist', 'data', 'coverage', 'drizzle-out']);
const extensions = 'tsx?|jsx?|mjs|cjs|md|sql|json|ya?ml|html|css|sh';
const folderPath = new RegExp(
  `(?<![\\w./@:-])((?:\\.\\.?/)*(?:[\\w.-]+/)+[\\w.-]*[\\w-]\\.(?:${extensions}))(?![\\w/*-])`,
  'g',
);
const bareDocument = /(?<![\w./@:-])([\w-]+\.md)(?![\w/*-])/g;
const markdownLink = /\]\(([^)\s#]+)(?:#[^)]*)?\)/g;

function repositoryFiles(dir = root): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.') || skippedFolders.has(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return repositoryFiles(full);
    return [path.relative(root, full)];
  });
}

/** Block and line comments; `//` after a colon or a quote is a URL or a string, not a comment. */
function commentsOf(source: string): string[] {
  return [...source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g)].map((m) => m[0]);
}

function isFileInRepository(relative: string): boolean {
  const full = path.resolve(root, relative);
  return !path.relative(root, full).startsWith('..') && fs.existsSync(full) && fs.statSync(full).isFile();
}

/** The references in `text` (found in repository file `file`) that name no file of the repository. */
function danglingReferences(
  file: string,
  text: string,
  files: readonly string[],
  exists = isFileInRepository,
) {
  const dir = path.dirname(file);
  const forms = (reference: string) => [
    reference,
    reference.replace(/\.js$/, '.ts'),
    reference.replace(/\.js$/, '.tsx'),
  ];
  const found = (reference: string) =>
    forms(reference).some(
      (form) =>
        exists(path.join(dir, form)) ||
        (!form.startsWith('.') && (exists(form) || files.some((f) => f.endsWith(`/${form}`)))),
    );
  const dangling: string[] = [];
  for (const [, reference] of text.matchAll(folderPath)) {
    if (!/(^|\/)dist\//.test(reference!) && !found(reference!)) dangling.push(reference!);
  }
  if (file.endsWith('.md')) {
    for (const [, target] of text.matchAll(markdownLink)) {
      if (!/^[a-z]+:/i.test(target!) && !exists(path.join(dir, target!))) dangling.push(target!);
    }
  }
  for (const [, name] of text.matchAll(bareDocument)) {
    if (!files.some((f) => path.basename(f) === name)) dangling.push(name!);
  }
  return [...new Set(dangling)];
}

describe('references to files', () => {
  it('finds a missing path in a comment or a document, and not in code or a URL', () => {
    const exists = (p: string) => path.normalize(p) === 'apps/web/src/lib/session.ts';
    const source = [
      "import { x } from './not-a-comment.js'; // see apps/web/src/lib/session.ts",
      "const url = 'https://example.com/apps/gone.ts';",
      '/** Moved from apps/web/src/lib/old-session.ts and lib/session.js. */',
    ].join('\n');
    const files = ['apps/web/src/lib/session.ts', 'README.md'];
    expect(danglingReferences('apps/web/src/x.ts', commentsOf(source).join('\n'), files, exists)).toEqual([
      'apps/web/src/lib/old-session.ts',
    ]);
    expect(
      danglingReferences(
        'docs/x.md',
        'See [the list](../apps/gone.md), `NOPE.md`, README.md.',
        files,
        exists,
      ),
    ).toEqual(['../apps/gone.md', 'NOPE.md']);
  });

  it('every path named in a comment or a document is a file of the repository', () => {
    const files = repositoryFiles();
    const self = path.relative(root, new URL(import.meta.url).pathname);
    const dangling = files.flatMap((file) => {
      if (file === self || !/\.(tsx?|md)$/.test(file)) return [];
      const text = fs.readFileSync(path.join(root, file), 'utf8');
      const scanned = file.endsWith('.md') ? text : commentsOf(text).join('\n');
      return danglingReferences(file, scanned, files).map((reference) => `${file}: ${reference}`);
    });
    expect(dangling).toEqual([]);
  });
});
