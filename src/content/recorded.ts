/** A result table as the engine printed it: column names and SQL types, and each cell as the engine wrote it. */
export interface ResultTable {
  columns: { name: string; type: string }[];
  rows: string[][];
}

/** What the examples tooling records for one `sql example` block. */
export interface RecordedExample {
  /** Stable key: a hash of the statement plus its occurrence on the page, so editing one example leaves others alone. */
  key: string;
  /** The statement as written on the page: a changed statement makes the record stale. */
  sql: string;
  /** The block expects an error (`sql example error`). */
  expectError: boolean;
  /** The result varies between runs (`sql example nondeterministic`): shown, never compared. */
  nondeterministic: boolean;
  /** The result, for statements that return columns. */
  result?: ResultTable;
  /** The engine's error message, for error examples. */
  error?: string;
}

export interface RecordedPage {
  /** Engine version the results came from. */
  engine: string;
  examples: RecordedExample[];
}
