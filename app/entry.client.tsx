import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RequestRefProvider, documentRequestRef } from '~/components/request-ref';
import { installClientErrorReports } from '~/lib/client-log';

// Uncaught errors of the page are reported to /api/logs in production (app/lib/client-log.ts).
installClientErrorReports();

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
