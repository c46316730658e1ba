import { createContext, useContext } from 'react';

// The id of the request whose answer was an error page (server/index.mjs gives every request one): the error page
// shows it as 오류 번호 so that a user can quote it and the log line can be found. The server renders it into a meta
// tag of the error document; the browser reads it back from there, so hydration sees the same value.
const RequestRefContext = createContext<string | undefined>(undefined);
export const RequestRefProvider = RequestRefContext.Provider;
export const useRequestRef = () => useContext(RequestRefContext);

export const REQUEST_REF_META = 'error-ref';

/** In the browser: the reference the server put into the document, if it was an error page. */
export function documentRequestRef(): string | undefined {
  return document.querySelector<HTMLMetaElement>(`meta[name="${REQUEST_REF_META}"]`)?.content || undefined;
}
