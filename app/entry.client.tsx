import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RequestRefProvider, documentRequestRef } from '~/components/request-ref';

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RequestRefProvider value={documentRequestRef()}>
        <RemixBrowser />
      </RequestRefProvider>
    </StrictMode>,
  );
});
