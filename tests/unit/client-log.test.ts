import { expect, test } from 'vitest';
import { maskedPath } from '~/lib/client-log';

// The path a browser's error report carries (app/lib/client-log.ts): no query, no ids, no tokens.
test('maskedPath drops the query and masks numeric ids and long tokens', () => {
  expect(maskedPath('/admin/students/42/books?page=2#top')).toBe('/admin/students/:id/books');
  expect(maskedPath('/user/activity/readingBook/analysis/1234')).toBe('/user/activity/readingBook/analysis/:id');
  expect(maskedPath('/member/reset/q3VfZ0r8c2xkYXNkZmFzZGY')).toBe('/member/reset/:token');
  expect(maskedPath('/member/login')).toBe('/member/login');
});
