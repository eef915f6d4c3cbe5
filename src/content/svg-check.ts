/**
 * An SVG is served from the site's origin, so anything active in it (a script, a handler, a javascript: link, an
 * animation that sets one, an external fetch) would run or load as the site. Rather than look for what is bad,
 * the file is parsed as XML (@xmldom/xmldom, which decodes entities and namespaces as a browser does) and every
 * element and attribute must be a known drawing one of the SVG namespace; anything else refuses the file.
 * (Most of the file's length is those two allow-lists, a name a line.)
 */
import { createRequire } from 'node:module';

// Loaded when an SVG is first checked, not with the build: a rebuild finds every SVG in the memo of files that
// passed, and xmldom's module takes longer to load than the rest of the content scan.
type XmlDom = typeof import('@xmldom/xmldom');
let xmldom: XmlDom | undefined;
const loadXmlDom = (): XmlDom => (xmldom ??= createRequire(import.meta.url)('@xmldom/xmldom') as XmlDom);

const SVG_NS = 'http://www.w3.org/2000/svg';
const XLINK_NS = 'http://www.w3.org/1999/xlink';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/** Shapes, text, grouping, paint servers, clipping, markers and filters: nothing that runs, animates, links or embeds. */
const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'switch',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'marker',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComponentTransfer',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feFuncA',
  'feFuncB',
  'feFuncG',
  'feFuncR',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
  'feTile',
]);

/** Geometry, presentation and accessibility attributes (no `style`: it can fetch; no `on…`: handlers). */
const ATTRIBUTES = new Set([
  'id',
  'class',
  'lang',
  'role',
  'tabindex',
  'focusable',
  'viewBox',
  'preserveAspectRatio',
  'version',
  'baseProfile',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'transform',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'href',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'clip-path',
  'clip-rule',
  'mask',
  'filter',
  'marker-start',
  'marker-mid',
  'marker-end',
  'paint-order',
  'vector-effect',
  'shape-rendering',
  'text-rendering',
  'color-interpolation',
  'color-interpolation-filters',
  'visibility',
  'display',
  'overflow',
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-variant',
  'font-stretch',
  'letter-spacing',
  'word-spacing',
  'text-anchor',
  'text-decoration',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'writing-mode',
  'direction',
  'unicode-bidi',
  'white-space',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'type',
  'values',
  'stdDeviation',
  'edgeMode',
  'flood-color',
  'flood-opacity',
  'lighting-color',
  'radius',
  'tableValues',
  'slope',
  'intercept',
  'amplitude',
  'exponent',
  'requiredExtensions',
  'systemLanguage',
]);

/** A reference may only point inside the file: `#id` for href, `url(#id)` in a paint or marker value. */
const LOCAL_HREF = /^#[\w.:-]*$/;
const URL_REF = /url\s*\(/gi;
const LOCAL_URL = /^url\(\s*(['"]?)#[\w.:-]+\1\s*\)/i;

const WHY =
  'images must be drawing only (shapes, text, paths, gradients, markers, filters; no ' +
  'scripts, handlers, animation, styles, links or external references)';

export interface SvgProblem {
  line: number;
  reason: string;
}

interface XmlNode {
  nodeType: number;
  nodeName: string;
  namespaceURI?: string | null;
  localName?: string | null;
  prefix?: string | null;
  value?: string;
  nodeValue?: string | null;
  lineNumber?: number;
  attributes?: { length: number; item(i: number): XmlNode | null };
  childNodes?: { length: number; item(i: number): XmlNode | null };
}

/** Whether a value holds a `url(...)` that is not `url(#id)`. */
function hasForeignUrl(value: string): boolean {
  for (const m of value.matchAll(URL_REF)) if (!LOCAL_URL.test(value.slice(m.index))) return true;
  return false;
}

function attributeProblem(element: XmlNode, attr: XmlNode): string | undefined {
  const name = attr.nodeName;
  const value = attr.value ?? '';
  if (attr.namespaceURI === XMLNS_NS || name === 'xmlns') {
    const allowed = name === 'xmlns' ? value === SVG_NS : name === 'xmlns:xlink' && value === XLINK_NS;
    return allowed ? undefined : `the namespace declaration ${name}=${JSON.stringify(value)}`;
  }
  if (/^on/i.test(attr.localName ?? name)) return `an event handler attribute (${name})`;
  const local = attr.localName ?? name;
  const isHref = (attr.namespaceURI === XLINK_NS || !attr.namespaceURI) && local === 'href';
  if (isHref)
    return LOCAL_HREF.test(value.trim())
      ? undefined
      : `a link or external reference (${name}=${JSON.stringify(value)} on <${element.nodeName}>)`;
  if (attr.namespaceURI === XML_NS && (local === 'space' || local === 'lang')) return undefined;
  if (attr.namespaceURI || (!ATTRIBUTES.has(local) && !/^aria-[a-z]+$/.test(local))) {
    return `the attribute ${name} on <${element.nodeName}>, which is not a drawing attribute`;
  }
  if (hasForeignUrl(value)) return `an external reference (${name}=${JSON.stringify(value)} on <${element.nodeName}>)`;
  return undefined;
}

function nodeProblem(node: XmlNode): string | undefined {
  switch (node.nodeType) {
    case 1: {
      if (node.namespaceURI !== SVG_NS || !ELEMENTS.has(node.localName ?? '')) {
        const ns = node.namespaceURI === SVG_NS ? '' : ` in namespace ${node.namespaceURI ?? '(none)'}`;
        return `the element <${node.nodeName}>${ns}, which is not a drawing element`;
      }
      return undefined;
    }
    case 3:
    case 4:
    case 8:
      return undefined; // text, CDATA, comment
    case 7:
      return node.nodeName === 'xml' ? undefined : `a processing instruction <?${node.nodeName}?>`;
    case 10:
      return 'a document type declaration (<!DOCTYPE>)';
    default:
      return `an XML node of type ${node.nodeType}`;
  }
}

/** The first thing in an SVG that is not drawing, with its line, or undefined when the file holds only drawing. */
export function svgProblem(text: string): SvgProblem | undefined {
  let parseError: SvgProblem | undefined;
  // A browser refuses to draw an SVG that is not well-formed XML; xmldom recovers from some faults with a
  // warning, and a recovery that reads the file differently from the browser is a way around this check.
  const parser = new (loadXmlDom().DOMParser)({
    onError: (_level, message, context) => {
      parseError ??= {
        line: context?.locator?.lineNumber ?? 1,
        reason: `SVG is not well-formed XML: ${message.split('\n')[0]}`,
      };
    },
  });
  let doc: XmlNode;
  try {
    doc = parser.parseFromString(text, 'image/svg+xml');
  } catch (err) {
    return (
      parseError ?? {
        line: (err as { locator?: { lineNumber?: number } }).locator?.lineNumber ?? 1,
        reason: `SVG is not well-formed XML: ${(err as Error).message.split('\n')[0]}`,
      }
    );
  }
  if (parseError) return parseError;

  const stack: XmlNode[] = [];
  for (let i = (doc.childNodes?.length ?? 0) - 1; i >= 0; i--) stack.push(doc.childNodes!.item(i)!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    const line = node.lineNumber ?? 1;
    const problem = nodeProblem(node);
    if (problem) return { line, reason: `SVG holds ${problem}: ${WHY}` };
    if (node.nodeType !== 1) continue;
    const attrs = node.attributes!;
    for (let i = 0; i < attrs.length; i++) {
      const attr = attrs.item(i)!;
      const bad = attributeProblem(node, attr);
      if (bad) return { line: attr.lineNumber ?? line, reason: `SVG holds ${bad}: ${WHY}` };
    }
    for (let i = (node.childNodes?.length ?? 0) - 1; i >= 0; i--) stack.push(node.childNodes!.item(i)!);
  }
  return undefined;
}
