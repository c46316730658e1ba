import { describe, expect, it } from 'vitest';
import { withParticle } from '~/domain/korean';

describe('withParticle', () => {
  it('chooses the particle by the last syllable', () => {
    expect(withParticle('사용 중', '으로/로')).toBe('사용 중으로');
    expect(withParticle('완료', '으로/로')).toBe('완료로');
    expect(withParticle('서울', '으로/로')).toBe('서울로');
    expect(withParticle('사용 안 함', '으로/로')).toBe('사용 안 함으로');
    expect(withParticle('책', '을/를')).toBe('책을');
    expect(withParticle('노트', '을/를')).toBe('노트를');
    expect(withParticle('하늘', '이/가')).toBe('하늘이');
    expect(withParticle('나무', '은/는')).toBe('나무는');
    expect(withParticle("'어린 왕자'", '을/를')).toBe("'어린 왕자'를");
  });
});
