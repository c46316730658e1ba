/** A one-time message shown after a redirect (the session carries it; app/components/flash-banner.tsx shows it). */
export type Flash = { kind: 'success' | 'info' | 'warning' | 'error'; message: string; title?: string };
