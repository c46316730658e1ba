import { AsyncLocalStorage } from 'node:async_hooks';

// Counts the queries a piece of work runs, so tests can check that a page costs a fixed number of queries.
const storage = new AsyncLocalStorage<{ queries: string[] }>();

export function recordQuery(query: string) {
  storage.getStore()?.queries.push(query);
}

export async function countQueries<T>(work: () => Promise<T>): Promise<{ result: T; queries: string[] }> {
  const store = { queries: [] as string[] };
  const result = await storage.run(store, work);
  return { result, queries: store.queries };
}
