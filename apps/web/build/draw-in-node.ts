import { relative } from 'node:path';
import { createServer, defaultClientConditions, defaultServerConditions } from 'vite';

/** The page a prerender module draws (its `renderSignInShell(language)`). */
export interface DrawnPage {
  title: string;
  html: string;
}

/** Browser globals that Node lacks, by the name its ReferenceError gives. */
const BROWSER_ONLY =
  /^(window|document|navigator|location|localStorage|sessionStorage|matchMedia|requestAnimationFrame|HTMLElement|Element|customElements) is not defined$/;

/**
 * The error a browser global met in Node becomes one that says what happened and where: the build
 * draws the sign-in page in Node (decision 0024), so a module the page imports may not touch
 * `window` (or `document`, …) when it is imported or drawn, only in effects and event handlers.
 * Any other error is returned as it is.
 */
export function explainBrowserOnly(error: unknown, root: string): unknown {
  if (!(error instanceof ReferenceError)) return error;
  const global = BROWSER_ONLY.exec(error.message)?.[1];
  if (!global) return error;
  const file = error.stack
    ?.split('\n')
    .map((line) => /((?:\/|[A-Za-z]:\\)[^():]+):\d+:\d+\)?$/.exec(line.trim())?.[1])
    .find((path) => path?.startsWith(root) && !path.includes('node_modules'));
  const where = file ? relative(root, file) : 'a module';
  return new Error(
    `The build draws /signin in Node, where \`${global}\` does not exist (decision 0024), and ${where} ` +
      `touched it when the sign-in page was imported or drawn. Touch browser globals only inside effects ` +
      `and event handlers, or behind \`typeof ${global} !== 'undefined'\`.`,
    { cause: error },
  );
}

/**
 * Loads `modulePath` (and everything it imports) in Node through Vite's SSR loader, with the app's
 * source at `root`, and draws its page; a browser global touched on the way fails with a message that
 * names the module (explainBrowserOnly).
 */
export async function drawInNode(root: string, modulePath: string): Promise<DrawnPage> {
  const [page] = await drawPagesInNode(root, modulePath, ['en']);
  return page as DrawnPage;
}

/** The same, once per language (decision 53: the sign-in page is prerendered in English and Welsh). */
export async function drawPagesInNode(
  root: string,
  modulePath: string,
  languages: readonly string[],
): Promise<DrawnPage[]> {
  const server = await createServer({
    root,
    configFile: false,
    // The workspace packages' TypeScript source, not their compiled dist (decision 36).
    resolve: { conditions: ['@client-portal/source', ...defaultClientConditions] },
    ssr: { resolve: { conditions: ['@client-portal/source', ...defaultServerConditions] } },
    logLevel: 'silent',
    appType: 'custom',
    optimizeDeps: { noDiscovery: true, include: [] },
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const shell = await server.ssrLoadModule(modulePath);
    return languages.map((language) => shell.renderSignInShell(language) as DrawnPage);
  } catch (error) {
    throw explainBrowserOnly(error, root);
  } finally {
    await server.close();
  }
}
