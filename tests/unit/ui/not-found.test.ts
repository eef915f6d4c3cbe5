import { describe, expect, it } from 'vitest';
import { queryFromPath } from '../../../src/islands/NotFoundSuggestions.tsx';
import { breakNamesHtml } from '../../../src/ui/break-names.tsx';

describe("the 404 page's query", () => {
  it('is the last segment of the address, its separators as spaces', () => {
    expect(queryFromPath('/doc/sql-functions/datetime-functions/to-start-of-weak')).toBe('to start of weak');
    expect(queryFromPath('/doc/sql-functions/date_trunc/')).toBe('date trunc');
    expect(queryFromPath('/doc/old/page.html')).toBe('page');
    expect(queryFromPath('/doc/%E6%97%A5%E6%9C%9F')).toBe('日期');
    expect(queryFromPath('/doc/%E6%97%A5%')).toBe('%E6%97%A5%');
  });
});

describe('long names in the sidebar', () => {
  it('may break after an underscore, only in a name of 16 characters or more', () => {
    expect(breakNamesHtml('H3_GET_DESTINATION_INDEX')).toBe('H3_<wbr>GET_<wbr>DESTINATION_<wbr>INDEX');
    expect(breakNamesHtml('AVG_IF')).toBe('AVG_IF');
    expect(breakNamesHtml('Date &amp; Time')).toBe('Date &amp; Time');
  });
  it('may break before an inner capital of a CamelCase name of 16 characters or more', () => {
    expect(breakNamesHtml('1110 TableWithInternalColumnName')).toBe(
      '1110 Table<wbr>With<wbr>Internal<wbr>Column<wbr>Name',
    );
    expect(breakNamesHtml('1101 TenantIsEmpty')).toBe('1101 TenantIsEmpty');
    expect(breakNamesHtml('CLICKHOUSEHANDLERPORT')).toBe('CLICKHOUSEHANDLERPORT');
  });
});
