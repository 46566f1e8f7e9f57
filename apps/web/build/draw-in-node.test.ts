import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { drawInNode, explainBrowserOnly } from './draw-in-node.ts';
import { SHELL_MODULE } from './prerender-plugin.ts';

const webRoot = fileURLToPath(new URL('..', import.meta.url));

describe('drawInNode', () => {
  it("draws the app's sign-in page in Node, as the build does (no module it imports touches `window` at import)", async () => {
    const page = await drawInNode(webRoot, SHELL_MODULE);
    expect(page.title).toBe('Sign in | Client Portal');
    expect(page.html).toContain('>Sign in</h1>');
    expect(page.html).toContain('name="password"');
  });

  describe('with a module that touches a browser global', () => {
    const root = mkdtempSync(join(tmpdir(), 'draw-in-node-'));
    mkdirSync(join(root, 'src/lib'), { recursive: true });
    writeFileSync(join(root, 'src/lib/screen.ts'), 'export const width = window.innerWidth;\n');
    writeFileSync(
      join(root, 'src/lib/theme.ts'),
      "export const dark = document.body.classList.contains('dark');\n",
    );
    writeFileSync(
      join(root, 'src/at-import.ts'),
      "import { width } from './lib/screen';\nexport const renderSignInShell = () => ({ title: 'T', html: String(width) });\n",
    );
    writeFileSync(
      join(root, 'src/at-draw.ts'),
      "export const renderSignInShell = () => ({ title: document.title, html: '' });\n",
    );
    writeFileSync(
      join(root, 'src/fine.ts'),
      "export const renderSignInShell = () => ({ title: 'T', html: '<p>fine</p>' });\n",
    );
    afterAll(() => rmSync(root, { recursive: true, force: true }));

    it('fails the build with a message that names the global and the module', async () => {
      const failure = drawInNode(root, '/src/at-import.ts');
      await expect(failure).rejects.toThrow(
        /draws \/signin in Node, where `window` does not exist .* src\/lib\/screen\.ts touched it/,
      );
      await expect(failure).rejects.toHaveProperty('cause', expect.any(ReferenceError));
    });

    it('fails as clearly when the page touches one while it is drawn', async () => {
      await expect(drawInNode(root, '/src/at-draw.ts')).rejects.toThrow(
        /where `document` does not exist .* src\/at-draw\.ts touched it/,
      );
    });

    it('draws a page whose modules keep to Node', async () => {
      await expect(drawInNode(root, '/src/fine.ts')).resolves.toEqual({ title: 'T', html: '<p>fine</p>' });
    });
  });
});

describe('explainBrowserOnly', () => {
  const root = '/app/web';
  const touched = (message: string, frame: string) => {
    const error = new ReferenceError(message);
    error.stack = `ReferenceError: ${message}\n    at eval (${frame})\n    at run (/app/web/node_modules/vite/x.js:1:2)`;
    return error;
  };

  it('names the first module of the app on the stack', () => {
    const explained = explainBrowserOnly(
      touched('document is not defined', '/app/web/src/lib/theme.ts:3:9'),
      root,
    );
    expect(explained).toBeInstanceOf(Error);
    expect((explained as Error).message).toMatch(
      /where `document` does not exist .* src\/lib\/theme\.ts touched it/,
    );
  });

  it('says "a module" when no module of the app is on the stack', () => {
    const explained = explainBrowserOnly(touched('localStorage is not defined', '/elsewhere/x.js:1:1'), root);
    expect((explained as Error).message).toMatch(/`localStorage` does not exist .* and a module touched it/);
  });

  it('leaves any other error as it is', () => {
    const typo = new ReferenceError('rendr is not defined');
    const other = new TypeError('x is not a function');
    expect(explainBrowserOnly(typo, root)).toBe(typo);
    expect(explainBrowserOnly(other, root)).toBe(other);
  });
});
