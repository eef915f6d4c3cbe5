/** Routes the browser tests visit: one of each kind of page. */
export const pages = {
  home: '/doc/',
  landing: '/doc/sql-functions',
  generatedIndex: '/doc/reference/functions/datetime-functions',
  deep: '/doc/sql-functions/datetime-functions/datetrunc',
  command: '/doc/sql-commands/ddl/table/ddl-truncate-table',
  tabs: '/doc/develop/api/rest',
  guide: '/doc/deploy/deploying-databend',
  indexPage: '/doc/guides/',
} as const;
