import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';

/** Where the hashed browser assets go inside the output, and their URL prefix. */
export const BUILD_ASSET_DIR = 'assets/build';

/** What Vite makes of the islands and the site stylesheet, before the code-token classes join the CSS. */
export interface Bundle {
  /** The islands entry, the one module script of every page (a file name in the bundle folder). */
  entry: string;
  /** Every JS file of the bundle folder (entry and lazy chunks). */
  jsFiles: string[];
  /** The site stylesheet as Vite wrote it. */
  css: string;
}

/**
 * Bundles the islands (React included) and the site stylesheet with Vite into `dir`, which then holds the JS
 * files only; the stylesheet comes back as text, to be joined by the code-token classes (`finishStylesheet`).
 * Vite is loaded only when a bundle is made (a rebuild whose islands and styles did not change takes the
 * bundle from the cache).
 */
export async function bundleAssets(projectRoot: string, dir: string): Promise<Bundle> {
  const { build } = await import('vite');
  await build({
    root: projectRoot,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    base: '/',
    // The production JSX runtime whatever NODE_ENV the calling process has (a test runner sets "test"): the
    // bundle is React's production build, and a development JSX call would not exist in it.
    mode: 'production',
    esbuild: { jsx: 'automatic', jsxDev: false },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: dir,
      emptyOutDir: true,
      assetsDir: '',
      manifest: true,
      // No polyfill script: every browser the site supports has module preload.
      modulePreload: { polyfill: false },
      target: 'es2022',
      reportCompressedSize: false,
      rollupOptions: {
        input: {
          islands: path.join(projectRoot, 'src/islands/main.tsx'),
          site: path.join(projectRoot, 'src/ui/styles/site.css'),
        },
        output: {
          entryFileNames: '[name]-[hash].js',
          chunkFileNames: '[name]-[hash].js',
          assetFileNames: '[name]-[hash][extname]',
        },
      },
    },
  });
  const manifestPath = path.join(dir, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  fs.rmSync(path.join(dir, '.vite'), { recursive: true, force: true });
  const entries = Object.values(manifest);
  const islands = entries.find((e) => e.isEntry && e.name === 'islands');
  const siteCss = entries.find((e) => e.isEntry && e.file.endsWith('.css'));
  if (!islands || !siteCss)
    throw new Error('asset build: the islands entry or the site stylesheet is missing from the Vite manifest');
  const css = fs.readFileSync(path.join(dir, siteCss.file), 'utf8');
  fs.rmSync(path.join(dir, siteCss.file));
  return {
    entry: islands.file,
    jsFiles: fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.js'))
      .sort(),
    css,
  };
}

/** One stylesheet: the site CSS followed by the token classes of this build's code blocks, named by its hash. */
export function finishStylesheet(siteCss: string, tokenCss: string): { name: string; text: string } {
  const text = `${siteCss}\n${tokenCss}\n`;
  return { name: `site-${createHash('sha256').update(text).digest('hex').slice(0, 10)}.css`, text };
}

/** The sidebar's JSON (see `Sidebar.tsx`), named by its hash so browsers keep it as long as it holds. */
export function finishSidebarData(json: string): { name: string; text: string } {
  return { name: `sidebar-${createHash('sha256').update(json).digest('hex').slice(0, 10)}.json`, text: json };
}
