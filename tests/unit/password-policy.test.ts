import { describe, expect, it } from 'vitest';
import { passwordField, passwordProblem, registrationSchema } from '~/auth/account-schemas.server';
import { COMMON_PASSWORDS } from '~/auth/common-passwords.server';
import { ACCOUNT_FIELD_MESSAGES as M, PASSWORD_HINT } from '~/domain/accounts';

// Passwords (ASVS 6.2): any script, 8..128 characters, a common-password list, no composition rule.
describe('password policy', () => {
  it('accepts Hangul-only, emoji, letters-only and digits-only passwords of 8 characters or more', () => {
    for (const pw of ['가나다라마바사아', '우리집강아지이름은', '🐶🐱🐭🐹🐰🦊🐻🐼', 'correcthorsebattery', '90817263544']) {
      expect(passwordProblem(pw), pw).toBeNull();
      expect(passwordField.safeParse(pw).success).toBe(true);
    }
  });

  it('counts characters, not UTF-16 units: 4 emoji are too short, 128 emoji are fine, 129 are too long', () => {
    expect(passwordProblem('🐶🐱🐭🐹')).toBe('비밀번호는 8자 이상 128자 이하로 입력해 주세요.');
    expect(passwordProblem('🐶'.repeat(128))).toBeNull();
    expect(passwordProblem('a'.repeat(128) + '가')).toBe(M.passwordRule);
    expect(passwordProblem('가나다라마바사')).toBe(M.passwordRule);
  });

  it('refuses common passwords, whatever their case, with their own message', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(200);
    for (const pw of ['password', 'PASSWORD1', '12345678', 'qwer1234!', '1q2w3e4r', 'iloveyou']) {
      expect(passwordProblem(pw), pw).toBe('너무 흔히 쓰이는 비밀번호입니다. 다른 비밀번호를 입력해 주세요.');
    }
    const parsed = passwordField.safeParse('sunshine');
    expect(parsed.success ? null : parsed.error.issues[0].message).toBe(M.passwordCommon);
  });

  it('registration takes the same rule (no "영문과 숫자" rule left)', () => {
    const base = {
      loginId: 'hangul1',
      confirm: '한글로만된비밀번호',
      password: '한글로만된비밀번호',
      name: '홍길동',
      phone: '010-1234-5678',
      securityQuestion: '1',
      securityAnswer: '서울',
      terms: true,
      privacy: true,
      birthDate: '2012-03-15',
    };
    expect(registrationSchema.safeParse(base).success).toBe(true);
    expect(PASSWORD_HINT).not.toMatch(/영문/);
  });
});
