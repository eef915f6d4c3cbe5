/**
 * "When did X arrive": a question about a release. Its closing verb is the reader's phrasing, found on no page's
 * title, keywords, summary or headings: a page that says it in its text ("a value that arrives as text") is no
 * likelier to answer.
 */
import { describe, expect, it } from 'vitest';
import type { PageRecord } from '../../src/islands/name-match.ts';
import { buildFieldIndex } from '../../src/islands/search-fields.ts';
import { rankPages, type BodyHit } from '../../src/islands/search-rank.ts';
import { queryTerms } from '../../src/islands/search-text.ts';
import { record, addFillerPages } from './search-records.ts';
import { questionFrame } from '../../src/islands/query-intent.ts';

// [url, title, crumbs, summary, section, headings]
const body = (per: Record<string, number>): BodyHit[] =>
  Object.entries(per).map(([id, score]) => ({ id, score, locations: [1] }));

describe('the closing verb of a "when did" question', () => {
  it('frames the question when no page field holds it, and never a word asking for a release', () => {
    const q = 'when did the map type arrive';
    expect(questionFrame(q, queryTerms(q), [true, true, false])).toEqual([false, false, true]);
    expect(questionFrame(q, queryTerms(q), [true, true, true])).toEqual([false, false, false]);
    const released = 'when was the map type released';
    expect(questionFrame(released, queryTerms(released), [true, true, false])).toEqual([false, false, false]);
    const notWhen = 'map type arrive';
    expect(questionFrame(notWhen, queryTerms(notWhen), [true, true, false])).toEqual([false, false, false]);
  });

  it('does not lift a page that uses the verb in its text above the release note', () => {
    const pages: Record<string, PageRecord> = {
      note: record('/doc/releases/v1.0.0', "What's new in the v1.0 series", 'Map type, decimal type and more.'),
      conv: record('/doc/conversion-functions/', 'Conversion Functions', 'Convert a value to another type.'),
    };
    addFillerPages(pages);
    const q = 'when did the map type arrive';
    const bodies = [body({ note: 6, conv: 2 }), body({ note: 5, conv: 10 }), body({ conv: 10, p0: 5, p1: 5 })];
    const ranked = rankPages(buildFieldIndex(pages), queryTerms(q), bodies, undefined, q);
    expect(ranked[0]?.doc.url).toBe('/doc/releases/v1.0.0');
  });
});

describe('a "when did" question', () => {
  it('puts the release note that names the feature above the feature’s own page, as "which release" does', () => {
    const pages: Record<string, PageRecord> = {
      note: record('/doc/releases/v1.0.0', "What's new in the v1.0 series release", 'Map type, decimal type and more.'),
      map: record('/doc/data-types/map', 'Map', 'The map type: keys and their values.'),
    };
    addFillerPages(pages);
    const index = buildFieldIndex(pages);
    const first = (q: string) => {
      const bodies = queryTerms(q).map((t) =>
        t.stem === 'map' ? body({ map: 10, note: 4 }) : t.stem === 'type' ? body({ map: 8, note: 5 }) : [],
      );
      return rankPages(index, queryTerms(q), bodies, undefined, q)[0]?.doc.url;
    };
    expect(first('which release added the map type')).toBe('/doc/releases/v1.0.0');
    expect(first('when did the map type arrive')).toBe('/doc/releases/v1.0.0');
    expect(first('map type')).toBe('/doc/data-types/map');
  });
});

describe('a query asking which release brought a topic', () => {
  it('puts the release note above the topic’s overview, which still comes first for the topic alone', () => {
    const pages: Record<string, PageRecord> = {
      note: record('/doc/releases/v0.9.0', "What's new in the v0.9 series release", 'Geography, stages and more.'),
      overview: record('/doc/sql-functions/geo-functions/', 'Geography Functions', 'Functions of points and shapes.'),
    };
    // Many pages speak of versions; few of geography.
    addFillerPages(pages, 'The version it runs.');
    const index = buildFieldIndex(pages);
    const first = (q: string) => {
      const bodies = queryTerms(q).map((t) => (t.stem === 'version' ? [] : body({ overview: 10, note: 2 })));
      return rankPages(index, queryTerms(q), bodies, undefined, q)[0]?.doc.url;
    };
    expect(first('version with geography functions')).toBe('/doc/releases/v0.9.0');
    expect(first('geography functions')).toBe('/doc/sql-functions/geo-functions/');
  });
});
