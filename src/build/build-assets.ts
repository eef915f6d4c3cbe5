import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type Manifest } from 'vite';

/** Where the hashed browser assets go inside the output, and their URL prefix. */
export const BUILD_ASSET_DIR = 'assets/build';

export interface BuiltAssets {
  /** Module scripts every page loads (the islands entry). */
  scripts: string[];
  /** Stylesheets every page loads. */
  stylesheets: string[];
  /** Every JS file emitted (entry and lazy chunks), URL → bytes on disk, for the budgets. */
  jsFiles: string[];
}

/**
 * Bundles the islands (React included) and the site stylesheet with Vite into `<outDir>/assets/build`, then
 * appends the code-token stylesheet to the site CSS so a page needs one stylesheet.
 */
export async function buildAssets(projectRoot: string, outDir: string, tokenCss: string): Promise<BuiltAssets> {
  const assetDir = path.join(outDir, BUILD_ASSET_DIR);
  await build({
    root: projectRoot,
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    base: '/',
    esbuild: { jsx: 'automatic' },
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      outDir: assetDir,
      emptyOutDir: true,
      assetsDir: '',
      manifest: true,
      // No polyfill script: every browser the site supports has module preload.
      modulePreload: { polyfill: false },
      target: 'es2022',
      reportCompressedSize: false,
      rollupOptions: {
        input: { islands: path.join(projectRoot, 'src/islands/main.tsx'), site: path.join(projectRoot, 'src/ui/styles/site.css') },
        output: { entryFileNames: '[name]-[hash].js', chunkFileNames: '[name]-[hash].js', assetFileNames: '[name]-[hash][extname]' },
      },
    },
  });
  const manifestPath = path.join(assetDir, '.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  fs.rmSync(path.join(assetDir, '.vite'), { recursive: true, force: true });
  const url = (file: string) => `/${BUILD_ASSET_DIR}/${file}`;
  const entries = Object.values(manifest);
  const islands = entries.find((e) => e.isEntry && e.name === 'islands');
  const siteCss = entries.find((e) => e.isEntry && e.file.endsWith('.css'));
  if (!islands || !siteCss) throw new Error('asset build: the islands entry or the site stylesheet is missing from the Vite manifest');

  // One stylesheet: the site CSS followed by the token classes of this build's code blocks.
  const cssText = `${fs.readFileSync(path.join(assetDir, siteCss.file), 'utf8')}\n${tokenCss}\n`;
  fs.rmSync(path.join(assetDir, siteCss.file));
  const cssName = `site-${createHash('sha256').update(cssText).digest('hex').slice(0, 10)}.css`;
  fs.writeFileSync(path.join(assetDir, cssName), cssText);

  const jsFiles = fs.readdirSync(assetDir).filter((f) => f.endsWith('.js')).map(url);
  return { scripts: [url(islands.file)], stylesheets: [url(cssName)], jsFiles };
}
