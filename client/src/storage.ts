// Where the client keeps what survives a page load: the host's choice (an interface). The default in a browser uses
// spec §9's keys: the refresh token in sessionStorage 'refresh_token' (gone when the tab closes), the signed-in user
// in localStorage 'user'. The access token lives only in the client's memory; after a reload the first call answers
// INVALID_TOKEN and the stored refresh token gets a new pair (spec §8). A password is never stored anywhere.

export interface TokenStorage {
  getRefreshToken(): string | null;
  setRefreshToken(token: string | null): void;
  getUser(): unknown;
  setUser(user: unknown): void;
}

export const STORAGE_KEYS = { refreshToken: 'refresh_token', user: 'user' } as const;

/** sessionStorage 'refresh_token' and localStorage 'user' (spec §9). */
export function browserStorage(session: Storage = sessionStorage, local: Storage = localStorage): TokenStorage {
  const put = (store: Storage, key: string, value: string | null) => (value === null ? store.removeItem(key) : store.setItem(key, value));
  return {
    getRefreshToken: () => session.getItem(STORAGE_KEYS.refreshToken),
    setRefreshToken: (token) => put(session, STORAGE_KEYS.refreshToken, token),
    getUser: () => {
      const raw = local.getItem(STORAGE_KEYS.user);
      try {
        return raw === null ? null : (JSON.parse(raw) as unknown);
      } catch {
        return null;
      }
    },
    setUser: (user) => put(local, STORAGE_KEYS.user, user === null || user === undefined ? null : JSON.stringify(user)),
  };
}

/** Keeps everything in memory (a script, a server-side tool, a test). */
export function memoryStorage(): TokenStorage {
  let refreshToken: string | null = null;
  let user: unknown = null;
  return {
    getRefreshToken: () => refreshToken,
    setRefreshToken: (token) => (refreshToken = token),
    getUser: () => user,
    setUser: (value) => (user = value ?? null),
  };
}
