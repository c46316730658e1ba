import { randomInt } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { passwordProblem } from '~/auth/account-schemas.server';
import { hashPassword } from '~/auth/password.server';
import { db } from '~/db/client.server';
import { classes, rosterImports, userConsents, users } from '~/db/schema';
import { ACCOUNT_FIELD_MESSAGES, GRADES, normalisePhone } from '~/domain/accounts';
import { now } from '~/lib/clock.server';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { findColumns, type Table } from '~/lib/spreadsheets.server';
import { readUploadedTable } from '../table-upload.server';
import { academyOf, isHead, type AcademyStaff } from './scope.server';
import { newStudentValues, placeInClass } from './students.server';
import { STUDENT_COLUMNS } from './roster.server';

// A roster file (.xlsx or CSV in UTF-8 or CP949) read into a preview (issue 11): every row is checked and kept with
// its errors in `roster_imports`, so the head reviews it and confirms without uploading again. The confirm saves every
// valid row in one transaction; a second confirm of the same import saves nothing, and a login id already taken
// (by an earlier import of the same file, say) is reported, never created twice. An empty temporary password is
// generated at the confirm and shown once on the result page; it is never stored in plain text.

export const IMPORT_COLUMNS = [
  ...STUDENT_COLUMNS,
  { key: 'parentPhone', header: '학부모 연락처', width: 16 },
  { key: 'password', header: '임시 비밀번호', width: 16 },
] as const;
type ImportKey = (typeof IMPORT_COLUMNS)[number]['key'];

export const MAX_ROSTER_BYTES = 2 * 1024 * 1024;
export const MAX_ROSTER_ROWS = 500;

export const IMPORT_MESSAGES = {
  raced: '그사이 다른 곳에서 같은 아이디가 등록되어 아무도 등록하지 않았습니다. 명단을 다시 올려 확인해 주세요.',
  noFile: '가져올 파일을 선택해 주세요.',
  tooLarge: '파일이 너무 큽니다. 2MB 이하의 파일을 올려 주세요.',
  tooManyRows: `한 번에 ${MAX_ROSTER_ROWS}명까지 가져올 수 있습니다. 파일을 나눠서 올려 주세요.`,
  missingColumns: (names: string[]) => `첫 줄에 ${names.join(', ')} 열이 없습니다. 양식 파일의 첫 줄을 그대로 써 주세요.`,
  noRows: '파일에 학생이 없습니다. 첫 줄(열 이름) 아래에 학생을 한 줄에 한 명씩 적어 주세요.',
  notFound: '가져오기 기록을 찾을 수 없습니다.',
  consentRequired: '보호자의 개인정보 수집·이용 동의를 받았는지 확인해 주세요.',
  nameMissing: '이름이 없습니다.',
  loginIdMissing: '아이디가 없습니다.',
  loginIdInFile: '파일 안에 같은 아이디가 또 있습니다.',
  gradeRule: `학년은 ${GRADES[0]}~${GRADES[GRADES.length - 1]} 중 하나로 적어 주세요. (예: 초4)`,
  classUnknown: (name: string) => `'${name}' 반을 찾을 수 없습니다. 운영 중인 반 이름을 적어 주세요.`,
} as const;

/** A chosen file of an upload form (a form with no file chosen posts an empty part). */
type Upload = { name: string; size: number; arrayBuffer: () => Promise<ArrayBuffer> };
const isUpload = (v: unknown): v is Upload =>
  typeof v === 'object' && v !== null && 'arrayBuffer' in v && typeof (v as Upload).size === 'number' && (v as Upload).size > 0;

/** The upload form of a roster: its file (the size limit is the upload's own, before the form is read). */
export const rosterUploadSchema = z.object({ file: z.custom<Upload>(isUpload, IMPORT_MESSAGES.noFile) });

/** The confirm form of a preview: the guardian's consent the academy obtained (the service refuses without it). */
export const rosterConfirmSchema = z.object({ guardianConsent: z.string().optional() });

export const rosterTooLarge = () => new DomainError('ROSTER_TOO_LARGE', IMPORT_MESSAGES.tooLarge, 413);

/** A row of the preview as stored (the temporary password only as a hash; null: one is generated at the confirm). */
export type ImportRow = {
  line: number;
  name: string;
  loginId: string;
  grade: string;
  className: string;
  classId: number | null;
  parentPhone: string | null;
  /** The parent's phone as written in the file (shown when it is not a phone number). */
  phoneText?: string;
  passwordHash: string | null;
  errors: string[];
  /** After the confirm: CREATED, or SKIPPED with the reason (errors, or an id taken meanwhile). */
  outcome?: 'CREATED' | 'SKIPPED';
  skipReason?: string;
};

/** The template's table: the header row only (one student per line below it). */
export function templateTable(): Table<ImportKey> {
  return { columns: IMPORT_COLUMNS.map((c) => ({ ...c })), rows: [] };
}

/** Which column of the file holds each field (headers in any order; spaces ignored). */
function columnIndexes(header: string[]) {
  const { index, missing } = findColumns(header, IMPORT_COLUMNS);
  // Every column is needed to read the file the way the head meant it; an absent optional column could hide a typo.
  const required = missing.map((m) => m.header).filter((m) => m === '이름' || m === '아이디' || m === '학년');
  if (required.length) throw new DomainError('ROSTER_COLUMNS', IMPORT_MESSAGES.missingColumns(required), 400);
  return index;
}

const requireHeadStaff = (staff: AcademyStaff) => {
  const organisationId = academyOf(staff, () => new DomainError('IMPORT_NOT_FOUND', IMPORT_MESSAGES.notFound, 404));
  if (!isHead(staff)) throw new DomainError('HEAD_ONLY', '학원장만 접근 가능합니다.', 403);
  return organisationId;
};

/** Reads the file, checks every row and saves the preview. Returns the import's id. */
export async function previewRoster(staff: AcademyStaff, fileName: string, bytes: Uint8Array) {
  const organisationId = requireHeadStaff(staff);
  const { index, body } = await readUploadedTable(bytes, {
    code: 'ROSTER',
    maxBytes: MAX_ROSTER_BYTES,
    maxRows: MAX_ROSTER_ROWS,
    messages: IMPORT_MESSAGES,
    columns: columnIndexes,
  });

  const openClasses = await db()
    .select({ id: classes.id, name: classes.name })
    .from(classes)
    .where(and(eq(classes.organisationId, organisationId), eq(classes.status, 'OPEN')));
  const classByName = new Map(openClasses.map((c) => [c.name.replace(/\s+/g, ''), c.id]));
  const cell = (row: string[], key: ImportKey) => (index[key] >= 0 ? (row[index[key]] ?? '').trim() : '');
  const loginIds = body.map((r) => cell(r, 'loginId').toLowerCase()).filter(Boolean);
  const taken = new Set(
    loginIds.length
      ? (
          await db()
            .select({ loginId: sql<string>`lower(${users.loginId})` })
            .from(users)
            .where(inArray(sql`lower(${users.loginId})`, [...new Set(loginIds)]))
        ).map((r) => r.loginId)
      : [],
  );
  const seen = new Map<string, number>();
  for (const id of loginIds) seen.set(id, (seen.get(id) ?? 0) + 1);

  const rows: ImportRow[] = [];
  for (const [i, r] of body.entries()) {
    const errors: string[] = [];
    const name = cell(r, 'name');
    const loginId = cell(r, 'loginId');
    const grade = cell(r, 'grade').replace(/\s+/g, '');
    const className = cell(r, 'className');
    const phoneText = cell(r, 'parentPhone');
    const password = cell(r, 'password');
    if (!name) errors.push(IMPORT_MESSAGES.nameMissing);
    else if (name.length > 30) errors.push('이름은 30자 이하로 입력해 주세요.');
    if (!loginId) errors.push(IMPORT_MESSAGES.loginIdMissing);
    else if (!/^[a-z0-9]{4,20}$/.test(loginId)) errors.push(ACCOUNT_FIELD_MESSAGES.loginIdRule);
    else if ((seen.get(loginId.toLowerCase()) ?? 0) > 1) errors.push(IMPORT_MESSAGES.loginIdInFile);
    else if (taken.has(loginId.toLowerCase())) errors.push(ACCOUNT_FIELD_MESSAGES.loginIdTaken);
    if (!(GRADES as readonly string[]).includes(grade)) errors.push(IMPORT_MESSAGES.gradeRule);
    const parentPhone = phoneText ? normalisePhone(phoneText) : null;
    if (phoneText && !parentPhone) errors.push(ACCOUNT_FIELD_MESSAGES.phoneRule);
    const classId = className ? (classByName.get(className.replace(/\s+/g, '')) ?? null) : null;
    if (className && classId === null) errors.push(IMPORT_MESSAGES.classUnknown(className));
    const problem = password ? passwordProblem(password) : null;
    if (problem) errors.push(`임시 비밀번호: ${problem}`);
    rows.push({
      line: i + 2,
      name,
      loginId,
      grade,
      className,
      classId,
      parentPhone,
      phoneText,
      // Hashed now (valid rows only), so the file's passwords are never stored as typed.
      passwordHash: password && errors.length === 0 ? await hashPassword(password) : null,
      errors,
    });
  }
  const [saved] = await db()
    .insert(rosterImports)
    .values({ organisationId, createdBy: staff.id, fileName: fileName.slice(0, 200) || '명단', rows })
    .returning({ id: rosterImports.id });
  return saved.id;
}

/** An import of the head's academy (404 otherwise), with its rows and counts. */
export async function getRosterImport(staff: AcademyStaff, importId: number) {
  const organisationId = requireHeadStaff(staff);
  const [row] =
    Number.isInteger(importId) && importId > 0
      ? await db()
          .select()
          .from(rosterImports)
          .where(and(eq(rosterImports.id, importId), eq(rosterImports.organisationId, organisationId)))
      : [];
  if (!row) throw new DomainError('IMPORT_NOT_FOUND', IMPORT_MESSAGES.notFound, 404);
  const rows = row.rows as ImportRow[];
  const valid = rows.filter((r) => r.errors.length === 0).length;
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    createdAt: row.createdAt,
    confirmedAt: row.confirmedAt,
    createdCount: row.createdCount,
    rows,
    counts: { total: rows.length, valid, invalid: rows.length - valid },
  };
}

const LETTERS = 'abcdefghjkmnpqrstuvwxyz';
/** A temporary password easy to read out and type: four letters (no i, l, o), a dash and four digits. */
export function readablePassword(): string {
  const letters = Array.from({ length: 4 }, () => LETTERS[randomInt(LETTERS.length)]).join('');
  return `${letters}-${String(randomInt(10000)).padStart(4, '0')}`;
}

export type ConfirmResult = {
  alreadyConfirmed: boolean;
  created: { line: number; name: string; loginId: string; className: string; generatedPassword: string | null }[];
  skipped: { line: number; name: string; loginId: string; reason: string }[];
};

/**
 * Saves every valid row of a preview in one transaction: the student (temporary password, must change it), the
 * guardian's consent the academy obtained, and the class membership. Marks the import CONFIRMED with the count. A
 * second confirm (a double submit) saves nothing and reports the first result, without passwords.
 */
export async function confirmRosterImport(staff: AcademyStaff, importId: number, guardianConsent: boolean): Promise<ConfirmResult> {
  const organisationId = requireHeadStaff(staff);
  const preview = await getRosterImport(staff, importId);
  if (preview.status === 'CONFIRMED') return { alreadyConfirmed: true, ...summary(preview.rows) };
  if (!guardianConsent) throw new DomainError('CONSENT_REQUIRED', IMPORT_MESSAGES.consentRequired, 400);
  // Generated passwords are hashed before the transaction (hashing is slow; the transaction stays short).
  const generated = new Map<number, string>();
  const hashes = new Map<number, string>();
  for (const row of preview.rows) {
    if (row.errors.length || row.passwordHash) continue;
    const password = readablePassword();
    generated.set(row.line, password);
    hashes.set(row.line, await hashPassword(password));
  }
  try {
    return await db().transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: rosterImports.status, rows: rosterImports.rows })
        .from(rosterImports)
        .where(and(eq(rosterImports.id, importId), eq(rosterImports.organisationId, organisationId)))
        .for('update');
      const rows = locked.rows as ImportRow[];
      if (locked.status === 'CONFIRMED') return { alreadyConfirmed: true, ...summary(rows) };
      const candidates = rows.filter((r) => r.errors.length === 0);
      const ids = candidates.map((r) => r.loginId.toLowerCase());
      const takenNow = new Set(
        ids.length
          ? (
              await tx
                .select({ loginId: sql<string>`lower(${users.loginId})` })
                .from(users)
                .where(inArray(sql`lower(${users.loginId})`, ids))
            ).map((r) => r.loginId)
          : [],
      );
      const openIds = new Set(
        (
          await tx
            .select({ id: classes.id })
            .from(classes)
            .where(and(eq(classes.organisationId, organisationId), eq(classes.status, 'OPEN')))
        ).map((c) => c.id),
      );
      let createdCount = 0;
      for (const row of rows) {
        if (row.errors.length) {
          row.outcome = 'SKIPPED';
          row.skipReason = row.errors.join(' ');
          continue;
        }
        if (takenNow.has(row.loginId.toLowerCase())) {
          row.outcome = 'SKIPPED';
          row.skipReason = ACCOUNT_FIELD_MESSAGES.loginIdTaken;
          continue;
        }
        if (row.classId !== null && !openIds.has(row.classId)) {
          row.outcome = 'SKIPPED';
          row.skipReason = IMPORT_MESSAGES.classUnknown(row.className);
          continue;
        }
        const [user] = await tx
          .insert(users)
          .values(newStudentValues(organisationId, row, row.passwordHash ?? hashes.get(row.line)!))
          .returning({ id: users.id });
        await tx.insert(userConsents).values({ userId: user.id, kind: 'GUARDIAN', policyCode: null });
        if (row.classId !== null) await placeInClass(tx, user.id, row.classId);
        row.outcome = 'CREATED';
        createdCount += 1;
      }
      // The hashes are no longer needed once the students exist.
      const stored = rows.map((r) => ({ ...r, passwordHash: null }));
      await tx
        .update(rosterImports)
        .set({ status: 'CONFIRMED', createdCount, confirmedAt: now(), rows: stored })
        .where(eq(rosterImports.id, importId));
      const result = summary(rows);
      return {
        alreadyConfirmed: false,
        skipped: result.skipped,
        created: result.created.map((c) => ({ ...c, generatedPassword: generated.get(c.line) ?? null })),
      };
    });
  } catch (error) {
    // Someone took one of the login ids between the preview and this confirm: nothing was saved.
    if (isUniqueViolation(error)) throw new DomainError('LOGIN_ID_TAKEN', IMPORT_MESSAGES.raced, 409);
    throw error;
  }
}

function summary(rows: ImportRow[]): Omit<ConfirmResult, 'alreadyConfirmed'> {
  return {
    created: rows
      .filter((r) => r.outcome === 'CREATED')
      .map((r) => ({ line: r.line, name: r.name, loginId: r.loginId, className: r.className, generatedPassword: null })),
    skipped: rows
      .filter((r) => r.outcome !== 'CREATED')
      .map((r) => ({ line: r.line, name: r.name, loginId: r.loginId, reason: r.skipReason ?? r.errors.join(' ') })),
  };
}
