import type { LoaderFunctionArgs } from '@remix-run/node';
import { requireSuper } from '~/web/guards.server';
import { ORGANISATION_MESSAGES } from '~/domain/operators';
import { now } from '~/lib/clock.server';
import { formatKoreanDate } from '~/lib/dates';
import { idParam, notFound, pageData } from '~/web/http.server';
import { placeChoices } from '~/services/operators/branches.server';
import { academyDetail } from '~/services/operators/organisations.server';

// The server side of an academy's page (organisations.$academyId.tsx): its loader, re-exported by the route. The
// page's parts (__academy.tsx) read its type from here, so neither imports the route.

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSuper(request);
  const id = idParam(params.academyId, ORGANISATION_MESSAGES.academyNotFound);
  const at = now();
  const [detail, places] = await Promise.all([academyDetail(id, at), placeChoices()]);
  if (!detail) throw notFound(ORGANISATION_MESSAGES.academyNotFound);
  const confirm = new URL(request.url).searchParams.get('confirm');
  const { academy } = detail;
  return pageData({
    academy: {
      id: academy.id,
      name: academy.name,
      code: academy.code,
      status: academy.status,
      contactName: academy.contactName,
      phone: academy.phone,
      address: academy.address,
      branchId: academy.branchId,
      agencyId: academy.agencyId,
      createdAt: formatKoreanDate(academy.createdAt),
    },
    branchName: detail.branchName,
    branchRegion: detail.branchRegion,
    agencyName: detail.agencyName,
    staff: detail.staff,
    students: detail.students,
    bill: detail.bill,
    state: detail.state,
    closedAt: detail.closedAt ? formatKoreanDate(detail.closedAt) : null,
    closedBy: detail.closedBy,
    places,
    confirm:
      confirm === 'close' && academy.status === 'ACTIVE' ? 'close' : confirm === 'reopen' && academy.status === 'CLOSED' ? 'reopen' : null,
  });
}
