import { redirect } from '@remix-run/node';
import { describe, expect, it } from 'vitest';
import { setFlash } from '~/web/session.server';
import { DomainError } from '~/lib/errors';

// The test matchers (tests/support/matchers.ts) pass on the right value and fail, with a message, on a wrong one.

describe('toHaveRedirect', () => {
  const response = redirect('/user/activity');

  it('passes on a redirect to exactly that path', () => {
    expect(response).toHaveRedirect('/user/activity');
    expect(response).toHaveRedirect('/user/activity', 302);
    expect(response).not.toHaveRedirect('/user/dashboard');
  });

  it('fails on another path, another status, a page that is no redirect, or no response at all', () => {
    expect(() => expect(response).toHaveRedirect('/user/dashboard')).toThrow(
      "expected a redirect (3xx) to '/user/dashboard', got status 302, Location '/user/activity'",
    );
    expect(() => expect(response).toHaveRedirect('/user/activity?tab=2')).toThrow();
    expect(() => expect(response).toHaveRedirect('/user/activity', 303)).toThrow('expected a redirect (303)');
    const page = new Response('ok', { status: 200, headers: { Location: '/user/activity' } });
    expect(() => expect(page).toHaveRedirect('/user/activity')).toThrow('got status 200');
    expect(() => expect('/user/activity').toHaveRedirect('/user/activity')).toThrow('expected a Response');
    expect(() => expect(response).not.toHaveRedirect('/user/activity')).toThrow('not to be a redirect');
  });
});

describe('toHaveFlash', () => {
  const flashed = async (kind: 'success' | 'error', message: string) =>
    redirect('/admin/students', { headers: { 'Set-Cookie': await setFlash({ kind, message }) } });

  it('reads the flash the response sets', async () => {
    const response = await flashed('success', '저장했습니다.');
    await expect(response).toHaveFlash({ message: '저장했습니다.' });
    await expect(response).toHaveFlash({ kind: 'success', message: '저장했습니다.' });
  });

  it('fails on another message or kind, and on a response without a flash', async () => {
    const response = await flashed('success', '저장했습니다.');
    await expect(expect(response).toHaveFlash({ message: '삭제했습니다.' })).rejects.toThrow(
      `expected the flash {"message":"삭제했습니다."}, got {"kind":"success","message":"저장했습니다."}`,
    );
    await expect(expect(response).toHaveFlash({ kind: 'error', message: '저장했습니다.' })).rejects.toThrow();
    await expect(expect(redirect('/admin/students')).toHaveFlash({ message: '저장했습니다.' })).rejects.toThrow('sets no flash');
  });

  it('does not believe a flash cookie signed with another secret', async () => {
    const value = Buffer.from(JSON.stringify({ kind: 'success', message: '저장했습니다.' })).toString('base64');
    const forged = redirect('/admin/students', { headers: { 'Set-Cookie': `__flash=${encodeURIComponent(`${value}.forged`)}; Path=/` } });
    await expect(expect(forged).toHaveFlash({ message: '저장했습니다.' })).rejects.toThrow('sets no flash');
  });
});

describe('toBeDomainError', () => {
  const refused = () => Promise.reject(new DomainError('BOOK_NOT_FOUND', '도서를 찾을 수 없습니다.', 404));

  it('passes on a rejection with that code (and message)', async () => {
    await expect(refused()).toBeDomainError('BOOK_NOT_FOUND');
    await expect(refused()).toBeDomainError('BOOK_NOT_FOUND', '도서를 찾을 수 없습니다.');
    await expect(refused).toBeDomainError('BOOK_NOT_FOUND');
  });

  it('fails on another code or message, a plain error, and a promise that resolves', async () => {
    await expect(expect(refused()).toBeDomainError('STUDENT_NOT_FOUND')).rejects.toThrow(
      "expected a rejection with DomainError STUDENT_NOT_FOUND, got DomainError BOOK_NOT_FOUND '도서를 찾을 수 없습니다.' (status 404)",
    );
    await expect(expect(refused()).toBeDomainError('BOOK_NOT_FOUND', '학생을 찾을 수 없습니다.')).rejects.toThrow();
    await expect(expect(Promise.reject(new Error('BOOK_NOT_FOUND'))).toBeDomainError('BOOK_NOT_FOUND')).rejects.toThrow(
      'but it rejected with Error: BOOK_NOT_FOUND',
    );
    await expect(expect(Promise.resolve({ id: 1 })).toBeDomainError('BOOK_NOT_FOUND')).rejects.toThrow(
      'but the promise resolved to {"id":1}',
    );
    await expect(expect(42).toBeDomainError('BOOK_NOT_FOUND')).rejects.toThrow('expected a promise');
  });
});
