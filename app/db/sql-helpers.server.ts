import { getTableName, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * A column named with its table, for the outer side of a correlated subquery in a select list. drizzle leaves the
 * table name out of the select list of a single-table query, so `(select … from problems where ${problems.setId} =
 * ${problemSets.id})` would read `"set_id" = "id"`, and "id" would be the subquery's own column.
 */
export function qualified(column: Column): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
