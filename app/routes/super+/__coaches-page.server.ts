import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { now } from '~/lib/clock.server';
import { pageData, pageParam, positiveInt } from '~/web/http.server';
import { activeCoaches } from '~/services/notes/coach-assignment.server';
import { coachBoard, monthlyCorrections, recentMonth, waitingNotes, type WaitingFilter } from '~/services/operators/coaches.server';

// The server side of the coaches' page (coaches.tsx): its loader, re-exported by the route. The page's parts
// (__coaches.tsx) read its type from here, so neither imports the route.

function coachFilter(value: string | null): WaitingFilter['coachId'] {
  return value === 'none' ? 'none' : (positiveInt(value) ?? undefined);
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSuper(request);
  const url = new URL(request.url);
  const at = now();
  const coach = coachFilter(url.searchParams.get('coach'));
  const { month, months } = recentMonth(url.searchParams.get('month'), at);
  const [board, waiting, monthly, choices] = await Promise.all([
    coachBoard(at),
    waitingNotes({ coachId: coach }, pageParam(request)),
    monthlyCorrections(month),
    activeCoaches(),
  ]);
  return pageData({ board, waiting, monthly, month, months, choices, coach: coach === undefined ? '' : String(coach) });
}
