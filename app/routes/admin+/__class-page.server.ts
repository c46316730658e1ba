import type { LoaderFunctionArgs, SerializeFrom } from '@remix-run/node';
import { requireBasicPay } from '~/web/guards.server';
import { formatKoreanDate } from '~/lib/dates';
import { idParam, orRespond, pageData, positiveInt } from '~/web/http.server';
import { getClassDetail, listClassCandidates, listTeacherChoices } from '~/services/academy/classes.server';
import { isHead, SCOPE_MESSAGES } from '~/services/academy/scope.server';
import { classAttainment } from '~/services/academy/goals.server';
import { seoulMonth } from '~/lib/dates';
import { now } from '~/lib/clock.server';

// The server side of one class's page (classes_.$classId.tsx): its loader, re-exported by the route, and the page's
// data type. The sections (__class-sections.tsx) read that type from here, so neither imports the route.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireBasicPay(request);
  const classId = idParam(params.classId, SCOPE_MESSAGES.classNotFound);
  const url = new URL(request.url);
  const head = isHead(user);
  const detail = await orRespond(() => getClassDetail(user, classId));
  const open = detail.class.status === 'OPEN';
  const [teacherChoices, candidates] =
    head && open
      ? await Promise.all([
          listTeacherChoices(user),
          listClassCandidates(user, classId, { q: url.searchParams.get('q') ?? '', page: positiveInt(url.searchParams.get('page')) ?? 1 }),
        ])
      : [[], null];
  const teacherIds = new Set(detail.teachers.map((t) => t.id));
  const month = seoulMonth(now());
  const attainment = (await classAttainment([classId], month)).get(classId) ?? null;
  return pageData({
    isHead: head,
    class: {
      id: detail.class.id,
      name: detail.class.name,
      open,
      createdAt: formatKoreanDate(detail.class.createdAt),
      closedAt: detail.class.closedAt ? formatKoreanDate(detail.class.closedAt) : null,
    },
    teachers: detail.teachers,
    students: detail.students.map((s) => ({ ...s, joinedAt: formatKoreanDate(s.joinedAt) })),
    history: detail.history.map((h) => ({ ...h, joinedAt: formatKoreanDate(h.joinedAt), leftAt: formatKoreanDate(h.leftAt) })),
    teacherChoices: teacherChoices.filter((t) => !teacherIds.has(t.id)),
    candidates,
    month,
    attainment,
    confirmClose: head && open && url.searchParams.get('close') === '1',
  });
}

export type ClassPage = SerializeFrom<typeof loader>;
