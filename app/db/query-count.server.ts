import { AsyncLocalStorage } from 'node:async_hooks';

// Counts the queries a piece of work runs, so tests can check that a page costs a fixed number of queries (and, with
// their parameters, what the planner does with each: tests/db/scale-plans.test.ts).
const storage = new AsyncLocalStorage<{ queries: string[]; params: unknown[][] }>();

export function recordQuery(query: string, params: unknown[] = []) {
  const store = storage.getStore();
  store?.queries.push(query);
  store?.params.push(params);
}

export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[]; params: unknown[][] }> {
  const store = { queries: [] as string[], params: [] as unknown[][] };
  const result = await storage.run(store, work);
  return { result, queries: store.queries, params: store.params };
}
