import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireBasicPay } from '~/web/guards.server';
import { formatDateTime } from '~/lib/dates';
import { statusLabel, STUDENT_STATUS_FILTERS } from '~/services/academy/students.server';
import { filterQuery, listStudents, rosterFilter } from '~/services/academy/roster.server';
import { orRespond, pageData, pageParam } from '~/web/http.server';
import { listJoinRequests } from '~/services/join-requests.server';
import { openClassesInScope } from '~/services/academy/scope.server';
import { studentCharge } from '~/services/payments/billing-state.server';

// The server side of 학생 관리 (students.tsx): its loader, re-exported by the route. The join requests
// (__join-requests.tsx) read its type from here, so neither imports the route.

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const filter = rosterFilter(request);

  const isHead = user.authorities.includes('HEAD');
  const [list, requests, classOptions] = await Promise.all([
    orRespond(() => listStudents(user, filter, pageParam(request))),
    isHead && user.organisationId ? listJoinRequests(user.organisationId) : [],
    orRespond(() => openClassesInScope(user)),
  ]);
  // What approving one more student adds to this month's bill, said beside the requests before any is approved.
  const approveCharge = requests.length ? await studentCharge(user.organisationId, 1, '한 명을 승인하면') : null;
  return pageData({
    ...list,
    isHead,
    filter: { classId: filter.classId ? String(filter.classId) : '', status: filter.status ?? '', q: filter.q ?? '' },
    query: Object.fromEntries(new URLSearchParams(filterQuery(filter))),
    classOptions,
    approveCharge: approveCharge?.message ?? null,
    statuses: STUDENT_STATUS_FILTERS.map((s) => ({ value: s, label: statusLabel(s) })),
    requests: requests.map((r) => ({
      id: r.id,
      name: r.name,
      loginId: r.loginId,
      grade: r.grade,
      waitingGuardian: r.status === 'PENDING',
      requestedAt: formatDateTime(r.requestedAt),
    })),
    rows: list.rows.map((s) => ({
      id: s.id,
      name: s.name,
      loginId: s.loginId,
      grade: s.grade,
      level: s.level,
      className: s.className,
      status: s.status,
      statusLabel: statusLabel(s.status),
      lastLoginAt: s.lastLoginAt ? formatDateTime(s.lastLoginAt) : null,
    })),
  });
}
