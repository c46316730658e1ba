// The one drizzle schema, split by domain. Every table is exported from here.
export * from './organisations';
export * from './users';
export * from './books';
export * from './payments';
export * from './content';
export * from './system';
export * from './auth';
export * from './reading';
export * from './discovery';
export * from './problems';
export * from './notes';
export * from './reading-records';
export * from './messages';
export * from './audit';
export * from './classes';
export * from './notices';
export * from './parents';
