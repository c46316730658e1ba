import type { Executor } from './client.server';

/**
 * A hot query prepared once per database handle (decision 029, "Prepared hot queries"): drizzle builds a query's SQL
 * text on every call (walking the whole expression tree), which on the student's pages cost more server time than
 * PostgreSQL took to answer. A prepared query is built once, with `sql.placeholder(name)` where the caller's values go,
 * and then only executed with those values. On PostgreSQL the name also makes node-postgres parse it once per
 * connection (a named statement); the embedded database runs it as an ordinary parameterised query.
 *
 * The name must be unique in the app (PostgreSQL refuses two texts under one name on one connection). Handles are
 * remembered weakly, so a transaction's own handle gets its own copy and is forgotten with it; a test database opened
 * after another gets its own too.
 *
 * Use it only for queries whose text never depends on the values (no optional conditions, no `inArray` of a list whose
 * length varies): anything that changes the text must be a separate prepared query.
 */
export function preparedQuery<Q>(prepare: (executor: Executor) => Q): (executor: Executor) => Q {
  const byExecutor = new WeakMap<Executor, Q>();
  return (executor) => {
    let query = byExecutor.get(executor);
    if (query === undefined) {
      query = prepare(executor);
      byExecutor.set(executor, query);
    }
    return query;
  };
}
