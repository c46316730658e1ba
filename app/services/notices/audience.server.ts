import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { notices, organisations, users } from '~/db/schema';
import { ItemStatus, type Authority, type UserRole } from '~/domain/enums';

// Who a notice is for: the one rule every list, page, attachment, API answer, popup and inbox fan-out goes through.
//
// A notice "reaches" a reader when the reader is in its audience:
// - an academy notice (organisationId set, written by its head or a teacher) reaches that academy's students;
// - a platform notice (organisationId null, written by ADMIN1/ADMIN2) reaches, by its audience's kind:
//   ALL every member; ORG_KINDS the members of organisations of those kinds (an individual member's own organisation
//   is of kind `student`); ACADEMIES the members (staff and students) of those academies; AUTHORITIES the holders of
//   any of those authorities.
// A notice is "visible" to whoever it reaches and to the staff who keep it: the academy's head and teachers for an
// academy notice, ADMIN1/ADMIN2 for a platform notice. Popups and the inbox follow "reaches"; lists, pages, files
// and the API follow "visible". A deleted notice (INACTIVE) is neither.
//
// The rule is SQL over the notice row and a reader row (`reader`, with its organisation `readerOrg`), so the same
// condition picks the notices of one reader (lists) and the readers of one notice (the inbox's INSERT … SELECT).

export const reader = alias(users, 'reader');
export const readerOrg = alias(organisations, 'reader_org');

const OPERATORS = sql`array['ADMIN1','ADMIN2']::text[]`;

/** Published (not deleted). */
export const noticeLive = () => eq(notices.status, ItemStatus.ACTIVE);

/** The notice's audience contains the reader. */
export function noticeReaches(): SQL {
  const a = notices.audience;
  return sql`(case when ${notices.organisationId} is not null
    then ${reader.role} = 'USER' and ${reader.organisationId} = ${notices.organisationId}
    else case ${a}->>'kind'
      when 'ALL' then true
      when 'ORG_KINDS' then coalesce(${a}->'orgKinds' @> jsonb_build_array(${readerOrg.kind}), false)
      when 'ACADEMIES' then coalesce(${a}->'academyIds' @> jsonb_build_array(${reader.organisationId}), false)
      when 'AUTHORITIES' then exists (
        select 1 from jsonb_array_elements_text(${a}->'authorities') as wanted(authority)
        where wanted.authority = any(${reader.authorities}))
      else false end
    end)`;
}

/** The reader keeps the notice: the academy's staff for an academy notice, ADMIN1/ADMIN2 for a platform notice. */
function noticeKeptBy(): SQL {
  return sql`(case when ${notices.organisationId} is not null
    then ${reader.role} = 'ADMIN' and ${reader.organisationId} = ${notices.organisationId}
    else ${reader.role} = 'SUPER' and ${reader.authorities} && ${OPERATORS}
    end)`;
}

/** Live, and the reader is in the audience or keeps it. */
export const noticeVisible = (): SQL => and(noticeLive(), sql`(${noticeReaches()} or ${noticeKeptBy()})`)!;

/** Live and the reader is in the audience (popups, the dashboards' newest, the inbox). */
export const noticeForReader = (): SQL => and(noticeLive(), noticeReaches())!;

export type NoticeActor = { id: number; role: UserRole; authorities: readonly Authority[]; organisationId: number | null };

const isOperator = (user: NoticeActor) =>
  user.role === 'SUPER' && (user.authorities.includes('ADMIN1') || user.authorities.includes('ADMIN2'));
const isAcademyStaff = (user: NoticeActor) =>
  user.role === 'ADMIN' && user.organisationId !== null && (user.authorities.includes('HEAD') || user.authorities.includes('TEACHER'));

/** Whether the user writes platform notices (ADMIN1/ADMIN2) or their academy's notices (its head or a teacher). */
export function noticeWriterKind(user: NoticeActor): 'platform' | 'academy' | null {
  if (isOperator(user)) return 'platform';
  if (isAcademyStaff(user)) return 'academy';
  return null;
}

/**
 * Whether the user may edit or delete the notice: any operator for a platform notice; for an academy notice its
 * author, or the academy's head.
 */
export function canManageNotice(user: NoticeActor, notice: { organisationId: number | null; authorId: number }): boolean {
  if (notice.organisationId === null) return isOperator(user);
  if (!isAcademyStaff(user) || user.organisationId !== notice.organisationId) return false;
  return notice.authorId === user.id || user.authorities.includes('HEAD');
}
