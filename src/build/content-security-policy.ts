/**
 * The Content-Security-Policy of the site: as the header every response carries and as each page's meta element.
 * Below every stage, since the page views (load) carry the meta and the host configuration (write) the header.
 */
import { createHash } from 'node:crypto';

/** The CSP hash of the inline theme bootstrap. */
export function scriptHash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** The Content-Security-Policy every page is served with: nothing inline but the hashed theme bootstrap, no eval. */
export function contentSecurityPolicy(themeScript: string): string {
  return [
    "default-src 'self'",
    // No 'wasm-unsafe-eval': search reads Pagefind's index in TypeScript (src/islands/pagefind-reader.ts).
    `script-src 'self' ${scriptHash(themeScript)}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers every response of the site carries, redirects and errors included. */
export function securityHeaders(themeScript: string): { key: string; value: string }[] {
  return [
    { key: 'Content-Security-Policy', value: contentSecurityPolicy(themeScript) },
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  ];
}

/** The CSP as a page's `<meta http-equiv>`: hosts that send no headers still enforce it (frame-ancestors needs a header). */
export function metaContentSecurityPolicy(themeScript: string): string {
  return contentSecurityPolicy(themeScript)
    .split('; ')
    .filter((d) => !d.startsWith('frame-ancestors'))
    .join('; ');
}
