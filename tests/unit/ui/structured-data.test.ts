import { describe, expect, it } from 'vitest';
import { breadcrumbList, jsonLd } from '../../../src/ui/structured-data.ts';

describe('breadcrumb structured data', () => {
  const origin = 'https://docs.databend.com';
  const list = breadcrumbList(
    origin,
    [
      { label: 'SQL Functions', href: '/doc/sql-functions' },
      { label: 'No page of its own', href: '' },
      { label: 'Date & Time', href: '/doc/sql-functions/datetime-functions/' },
    ],
    'TO_START_OF_WEEK',
    '/doc/sql-functions/datetime-functions/tostartofweek',
  );

  it('is a schema.org BreadcrumbList of ListItems numbered from 1, each with a name and an absolute URL', () => {
    expect(list['@context']).toBe('https://schema.org');
    expect(list['@type']).toBe('BreadcrumbList');
    expect(list.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Docs home', item: 'https://docs.databend.com/doc/' },
      { '@type': 'ListItem', position: 2, name: 'SQL Functions', item: 'https://docs.databend.com/doc/sql-functions' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Date & Time',
        item: 'https://docs.databend.com/doc/sql-functions/datetime-functions/',
      },
      {
        '@type': 'ListItem',
        position: 4,
        name: 'TO_START_OF_WEEK',
        item: 'https://docs.databend.com/doc/sql-functions/datetime-functions/tostartofweek',
      },
    ]);
  });

  it('lists the docs home once on its own page', () => {
    expect(breadcrumbList(origin, [], 'Databend Docs', '/doc/').itemListElement.map((e) => e.position)).toEqual([1]);
  });

  it('cannot close its script element', () => {
    const text = jsonLd(breadcrumbList(origin, [], '</script><script>alert(1)</script>', '/doc/x'));
    expect(text).not.toContain('<');
    expect(JSON.parse(text).itemListElement[1].name).toBe('</script><script>alert(1)</script>');
  });
});
