import { describe, expect, it } from 'vitest';
import { askedStatements, statementPrior } from '../../src/islands/query-intent.ts';

describe("a command that does what the query's verb asks", () => {
  const q = 'see which files are in my stage';
  it('gains over a page that is no command, and over a command that does something else', () => {
    const asked = askedStatements(q);
    const list = statementPrior(asked, '/doc/sql-commands/ddl/stage/ddl-list-stage', 'LIST STAGE FILES');
    expect(list).toBeGreaterThan(statementPrior(asked, '/doc/load-data/stage/stage-files', 'Staging Files'));
    expect(list).toBeGreaterThan(
      statementPrior(asked, '/doc/sql-commands/ddl/stage/ddl-remove-stage', 'REMOVE STAGE FILES'),
    );
  });
});
