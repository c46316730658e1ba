import type { Authority, OrganisationKind } from './enums';
import { AUTHORITY_LABELS } from './operators';

// Notices (spec §3 Notice, §9 popup): the rules and words that need no database, shared by the server and the pages.

/**
 * Who a notice is for. Platform notices (written by operators): everyone, the members of organisation kinds, chosen
 * academies, or holders of authorities. Academy notices (written by a head or teacher) are for their academy's
 * students: `organisationId` on the notice is the academy, and the audience is ALL of it.
 */
export type NoticeAudience =
  | { kind: 'ALL' }
  | { kind: 'ORG_KINDS'; orgKinds: string[] }
  | { kind: 'ACADEMIES'; academyIds: number[] }
  | { kind: 'AUTHORITIES'; authorities: string[] };

export const NOTICE_MESSAGES = {
  notFound: '공지사항을 찾을 수 없습니다.',
  titleRequired: '제목을 입력해 주세요.',
  titleTooLong: '제목은 200자 이하로 입력해 주세요.',
  bodyRequired: '내용을 입력해 주세요.',
  bodyTooLong: '내용은 20,000자 이하로 입력해 주세요.',
  audienceRequired: '공지 대상을 골라 주세요.',
  orgKindsRequired: '대상 회원 종류를 하나 이상 골라 주세요.',
  academiesRequired: '대상 학원을 하나 이상 골라 주세요.',
  authoritiesRequired: '대상 권한을 하나 이상 골라 주세요.',
  popupBothDays: '팝업 기간의 시작일과 종료일을 모두 입력해 주세요.',
  popupBadDay: '팝업 기간을 날짜로 입력해 주세요.',
  popupOrder: '팝업 종료일은 시작일보다 빠를 수 없습니다.',
  popupTooLong: '팝업 기간은 90일까지 정할 수 있습니다.',
  tooManyFiles: '첨부 파일은 공지 하나에 5개까지 올릴 수 있습니다.',
  fileTooLarge: '첨부 파일은 한 번에 10MB까지 올릴 수 있습니다.',
  fileEmpty: '빈 파일은 올릴 수 없습니다.',
  fileType: '첨부 파일은 PDF, 한글, 워드, 엑셀, 파워포인트, 이미지, 텍스트, ZIP 파일만 올릴 수 있습니다.',
  forbidden: '이 공지를 고칠 수 있는 권한이 없습니다.',
  created: '공지사항을 등록했습니다.',
  updated: '공지사항을 고쳤습니다.',
  deleted: '공지사항을 삭제했습니다.',
  hiddenToday: '오늘은 이 공지를 다시 띄우지 않습니다.',
} as const;

/** Attachments: at most this many per notice, each post carries at most MAX_NOTICE_UPLOAD_BYTES of files. */
export const MAX_NOTICE_FILES = 5;
/** One post's files together (the multipart limit of our server is 11 MB: docs/decisions/014). */
export const MAX_NOTICE_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_NOTICE_TITLE = 200;
export const MAX_NOTICE_BODY = 20_000;
/** A popup period is whole Seoul days, at most this many. */
export const MAX_POPUP_DAYS = 90;

/** The file kinds a notice may carry (by extension), with the type they are served as. */
export const NOTICE_FILE_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  hwp: 'application/x-hwp',
  hwpx: 'application/hwp+zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  zip: 'application/zip',
};

export const NOTICE_FILE_ACCEPT = Object.keys(NOTICE_FILE_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/**
 * The name a file is kept under: the last segment of what the browser sent (old browsers send a whole path), without
 * control characters, at most 150 characters. Empty when nothing is left (such an entry is dropped, spec §3).
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (clean.length <= 150) return clean;
  const dot = clean.lastIndexOf('.');
  const ext = dot > 0 && clean.length - dot <= 10 ? clean.slice(dot) : '';
  return clean.slice(0, 150 - ext.length) + ext;
}

/** The served type of a file name, or null when the kind is not accepted. */
export function noticeFileType(fileName: string): string | null {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return null;
  return NOTICE_FILE_TYPES[fileName.slice(dot + 1).toLowerCase()] ?? null;
}

/** The kinds of audience with their labels: the kinds are this table's keys, in its order. */
export const AUDIENCE_KIND_LABELS = {
  ALL: '전체 회원',
  ORG_KINDS: '회원 종류',
  ACADEMIES: '선택한 학원',
  AUTHORITIES: '권한',
};
export type AudienceKind = keyof typeof AUDIENCE_KIND_LABELS;
export const AUDIENCE_KINDS = Object.keys(AUDIENCE_KIND_LABELS) as readonly AudienceKind[];

export const ORG_KIND_LABELS: Record<OrganisationKind, string> = {
  student: '개인 회원',
  academy: '학원 (학원장·선생님·학생)',
  branch: '지사',
};

/** The authorities an operator may address (ALL is the audience kind itself; MIGRATION is a state, not a person). */
export const AUDIENCE_AUTHORITIES = [
  'STUDENT',
  'HEAD',
  'TEACHER',
  'COACH',
  'BRANCH',
  'PRODUCT',
  'ADMIN1',
  'ADMIN2',
] as const satisfies readonly Authority[];

/** '전체 회원', '회원 종류: 개인 회원, 지사', '학원: 해오름 독서학원 외 1곳', '권한: 학원장, 선생님', '우리 학원 학생' */
export function audienceLabel(audience: NoticeAudience, academyNames: Record<number, string> = {}, academyNotice = false): string {
  if (academyNotice) return '우리 학원 학생';
  switch (audience.kind) {
    case 'ALL':
      return AUDIENCE_KIND_LABELS.ALL;
    case 'ORG_KINDS':
      return `회원 종류: ${audience.orgKinds.map((k) => ORG_KIND_LABELS[k as OrganisationKind]?.replace(/ \(.*\)$/, '') ?? k).join(', ')}`;
    case 'ACADEMIES': {
      const names = audience.academyIds.map((id) => academyNames[id] ?? `학원 ${id}`);
      return `학원: ${names.length > 2 ? `${names.slice(0, 2).join(', ')} 외 ${names.length - 2}곳` : names.join(', ')}`;
    }
    case 'AUTHORITIES':
      return `권한: ${audience.authorities.map((a) => AUTHORITY_LABELS[a as Authority] ?? a).join(', ')}`;
  }
}

/** The download address of an attachment (spec §3 filePath): served by our own route, the audience checked. */
export const noticeFilePath = (noticeId: number, fileId: number) => `/resources/notices/${noticeId}/files/${fileId}`;

export { fileSizeLabel } from './file-size';

/** The notice form's fields as typed (the editor of the super and admin areas). */
export type NoticeFormValues = {
  title: string;
  body: string;
  audienceKind: string;
  orgKinds: string[];
  academyIds: string[];
  authorities: string[];
  popupFromDay: string;
  popupUntilDay: string;
};

/** What '미리보기' answers in place (the reply's data): the body as it will be shown. */
export type NoticePreview = {
  preview: string;
  /** The files chosen before a preview are not kept by a browser without JavaScript: say so. */
  filesNotKept: boolean;
};
