import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireBasicPay } from '~/web/guards.server';
import { orRespond, pageData } from '~/web/http.server';
import { assignStep } from './__assign.server';

// The server side of 도서 배정 (assign.tsx): its loader, re-exported by the route. The steps (__assign-steps.tsx)
// read its type from here, so neither imports the route.

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireBasicPay(request);
  return pageData(await orRespond(() => assignStep(staff, request)));
}
