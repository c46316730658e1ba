import { z } from 'zod';
import { DomainError, isDomainError } from '~/lib/errors';
import { positiveInt } from '~/lib/numbers';
import { BookStatus } from '~/domain/enums';
import { ASSIGNMENT_MESSAGES, getStaffResultBook } from '../assignments.server';
import { rowIdField } from './classes.server';
import type { AcademyStaff } from './scope.server';

// The forms of a student's books page (/admin/students/{id}): assign a book, change a book's read method, allow a
// retake, exclude a book. A row's book must be this student's: another student's id in the form is "not found".

export const STUDENT_BOOK_MESSAGES = {
  bookChoice: '배정할 도서를 골라 주세요.',
} as const;

export const studentBooksSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('assign'),
    bookId: z.preprocess((v) => positiveInt(v) ?? undefined, z.number({ required_error: STUDENT_BOOK_MESSAGES.bookChoice })),
    readMethod: z.string().optional(),
  }),
  z.object({ intent: z.literal('readMethod'), resultBookId: rowIdField, readMethod: z.string().optional() }),
  z.object({ intent: z.enum(['retake', 'exclude']), resultBookId: rowIdField }),
]);

/** A book of this student (in the staff member's scope), or a 404. */
export async function bookOfStudent(staff: AcademyStaff, studentId: number, resultBookId: number) {
  const book = await getStaffResultBook(staff, resultBookId);
  if (book.userId !== studentId) throw new DomainError('BOOK_NOT_FOUND', ASSIGNMENT_MESSAGES.bookNotFound, 404);
  return book;
}

/** The book `?exclude=` asks to confirm excluding: this student's and not excluded yet; otherwise no question (null). */
export async function bookToExclude(staff: AcademyStaff, studentId: number, resultBookId: number | null) {
  if (!resultBookId) return null;
  try {
    const book = await bookOfStudent(staff, studentId, resultBookId);
    return book.status === BookStatus.EXCLUDE ? null : book;
  } catch (error) {
    if (isDomainError(error) && error.status === 404) return null;
    throw error;
  }
}
