import { describe, expect, it } from 'vitest';
import { auditChanges } from '~/domain/operators';

describe("the audit trail's changes", () => {
  it('shows only the fields a notice edit changed, with their labels and values cut short', () => {
    const body = '가'.repeat(200);
    const changes = auditChanges(
      { title: '3월 공지', body, audience: 'ALL', files: ['a.pdf'] },
      { title: '3월 휴원 공지', body, audience: 'ALL', files: ['a.pdf', 'b.pdf'] },
    );
    expect(changes).toEqual([
      { field: '제목', before: '3월 공지', after: '3월 휴원 공지' },
      { field: '첨부 파일', before: 'a.pdf', after: 'a.pdf, b.pdf' },
    ]);
  });

  it('shows every field of a creation or a deletion on its one side, and a long value cut at 80 characters', () => {
    const created = auditChanges(null, { title: '새 공지', body: '나'.repeat(100), recipients: 12 });
    expect(created).toEqual([
      { field: '제목', before: null, after: '새 공지' },
      { field: '내용', before: null, after: `${'나'.repeat(80)}…` },
      { field: '받는 사람 수', before: null, after: '12' },
    ]);
    expect(auditChanges({ status: 'ACTIVE' }, null)).toEqual([{ field: '상태', before: 'ACTIVE', after: null }]);
    expect(auditChanges({ status: 'ACTIVE' }, { status: 'ACTIVE' })).toEqual([]);
    expect(auditChanges({ popupFrom: null }, { popupFrom: '2026-03-01' })).toEqual([
      { field: '팝업 시작', before: '없음', after: '2026-03-01' },
    ]);
  });
});
