import { and, asc, count, eq, isNull, type SQL } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { classes, classMemberships, users } from '~/db/schema';
import { formatKoreanDate, formatDateTime } from '~/lib/dates';
import { positiveInt } from '~/lib/numbers';
import type { Table } from '~/lib/spreadsheets.server';
import { onePage, searchIn } from '../paged-list.server';
import { studentsInScope, type AcademyStaff } from './scope.server';
import { STUDENT_STATUS_FILTERS, STUDENTS_PAGE_SIZE, statusLabel, type StudentStatusFilter } from './students.server';

// The roster of an academy's students as its staff see it (issue 11): the list's filters from the address, one page of
// it, and the download with the same columns as the import's template. Adding, editing and status are students.server.ts.

// ── The list and the export ─────────────────────────────────────────────────────────────────────────────────────

export type StudentFilter = { classId?: number | null; status?: StudentStatusFilter | null; q?: string | null };

/** The list's filters from the page's address (a GET form, so it works without JavaScript): anything with a `url`. */
export function rosterFilter(page: { url: string }): StudentFilter {
  const params = new URL(page.url).searchParams;
  const status = params.get('status');
  return {
    classId: positiveInt(params.get('classId')),
    status: STUDENT_STATUS_FILTERS.includes(status as StudentStatusFilter) ? (status as StudentStatusFilter) : null,
    q: (params.get('q') ?? '').trim().slice(0, 50),
  };
}

/** The filters as a query string (kept by the page links and the downloads). */
export function filterQuery(filter: StudentFilter) {
  const params = new URLSearchParams();
  if (filter.classId) params.set('classId', String(filter.classId));
  if (filter.status) params.set('status', filter.status);
  if (filter.q) params.set('q', filter.q);
  return params.toString();
}

function filterWhere(staff: AcademyStaff, filter: StudentFilter): SQL {
  const parts: (SQL | undefined)[] = [studentsInScope(staff)];
  if (filter.classId) parts.push(eq(classMemberships.classId, filter.classId));
  if (filter.status) parts.push(eq(users.status, filter.status));
  parts.push(searchIn(filter.q?.trim(), users.name, users.loginId));
  return and(...parts)!;
}

const listColumns = {
  id: users.id,
  name: users.name,
  loginId: users.loginId,
  grade: users.grade,
  level: users.level,
  status: users.status,
  parentPhone: users.parentPhone,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  classId: classes.id,
  className: classes.name,
};

function rosterQuery(staff: AcademyStaff, filter: StudentFilter) {
  return db()
    .select(listColumns)
    .from(users)
    .leftJoin(classMemberships, and(eq(classMemberships.userId, users.id), isNull(classMemberships.leftAt)))
    .leftJoin(classes, eq(classes.id, classMemberships.classId))
    .where(filterWhere(staff, filter))
    .orderBy(asc(users.name), asc(users.id));
}

/** The students in scope, filtered by class, status and a search of name or login id; a page at a time. */
export async function listStudents(staff: AcademyStaff, filter: StudentFilter, page = 1) {
  return onePage(
    page,
    STUDENTS_PAGE_SIZE,
    rosterQuery(staff, filter),
    db()
      .select({ total: count() })
      .from(users)
      .leftJoin(classMemberships, and(eq(classMemberships.userId, users.id), isNull(classMemberships.leftAt)))
      .where(filterWhere(staff, filter)),
  );
}

/** The columns that say who a student is, with the same headers in the roster's download and its import's template. */
export const STUDENT_COLUMNS = [
  { key: 'name', header: '이름', width: 12 },
  { key: 'loginId', header: '아이디', width: 16 },
  { key: 'grade', header: '학년', width: 8 },
  { key: 'className', header: '반', width: 14 },
] as const;

const ROSTER_COLUMNS = [
  ...STUDENT_COLUMNS,
  { key: 'status', header: '상태', width: 10 },
  { key: 'level', header: '레벨', width: 8 },
  { key: 'parentPhone', header: '학부모 연락처', width: 16 },
  { key: 'createdAt', header: '등록일', width: 14 },
  { key: 'lastLoginAt', header: '최근 로그인', width: 20 },
] as const;
type RosterKey = (typeof ROSTER_COLUMNS)[number]['key'];

/** The whole roster in scope (with the list's filters) as a table for the xlsx and CSV downloads. */
export async function rosterTable(staff: AcademyStaff, filter: StudentFilter = {}): Promise<Table<RosterKey>> {
  const rows = await rosterQuery(staff, filter);
  return {
    columns: ROSTER_COLUMNS.map((c) => ({ ...c })),
    rows: rows.map((r) => ({
      name: r.name,
      loginId: r.loginId,
      grade: r.grade ?? '',
      className: r.className ?? '',
      status: statusLabel(r.status),
      level: r.level ?? '',
      parentPhone: r.parentPhone ?? '',
      createdAt: formatKoreanDate(r.createdAt),
      lastLoginAt: r.lastLoginAt ? formatDateTime(r.lastLoginAt) : '',
    })),
  };
}
