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

describe('withParticle after digits, Latin letters and closing marks', () => {
  it('reads a final digit or letter as Korean says it', () => {
    expect(withParticle('L4', '이/가')).toBe('L4가');
    expect(withParticle('L3', '이/가')).toBe('L3이');
    expect(withParticle('500', '으로/로')).toBe('500으로');
    expect(withParticle('429', '으로/로')).toBe('429로');
    expect(withParticle('201', '으로/로')).toBe('201로');
    expect(withParticle('123456', '을/를')).toBe('123456을');
    expect(withParticle('123459', '을/를')).toBe('123459를');
    expect(withParticle('HAEORUM', '으로/로')).toBe('HAEORUM으로');
    expect(withParticle('EJS1', '으로/로')).toBe('EJS1로');
    expect(withParticle('ABC', '으로/로')).toBe('ABC로');
    expect(withParticle('URL', '이/가')).toBe('URL이');
  });

  it('passes over closing quotes and brackets', () => {
    expect(withParticle('『어린 왕자』', '을/를')).toBe('『어린 왕자』를');
    expect(withParticle('‘달님반’', '을/를')).toBe('‘달님반’을');
    expect(withParticle('#{학생명}', '은/는')).toBe('#{학생명}은');
    expect(withParticle("'하늘반'", '이/가')).toBe("'하늘반'이");
  });
});
