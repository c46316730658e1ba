import { z } from 'zod';
import {
  CLASS_ASSIGNMENT_MESSAGES,
  chosenBooks,
  previewAssignment,
  searchCatalogue,
  studentsForChoice,
  type AssignmentInput,
} from '~/services/academy/class-assignments.server';
import { openClassesInScope, type AcademyStaff } from '~/services/academy/scope.server';
import { ASSIGNABLE_READ_METHODS, readMethodChoiceLabel } from '~/services/assignments.server';
import { pageNumber, positiveInt } from '~/lib/numbers';
import { choice, classOrStudents, orStepBack, readWizard } from '~/web/wizard.server';

// The steps of 도서 배정 (/admin/assign) and what each shows: 1 books (catalogue filters, search, pages), 2 the
// students, read method and due date, 3 the preview. A step whose earlier choices are missing or refused comes back
// to the step that asks for them, with the reason.

export const ASSIGN_STEPS = ['books', 'target', 'preview'] as const;
export type AssignStep = (typeof ASSIGN_STEPS)[number];

/** The choices carried between the steps, by their parameters' names (at most 50 books in the address). */
export const assignChoices = z
  .object({
    book: choice.ids(50),
    target: choice.target(),
    classId: choice.id(),
    student: choice.ids(),
    readMethod: choice.text(),
    dueOn: choice.text(),
  })
  .transform(classOrStudents);
export type AssignChoices = z.output<typeof assignChoices>;

export const assignmentInput = (c: AssignChoices): AssignmentInput => ({
  bookIds: c.book,
  classId: c.classId,
  studentIds: c.student,
  readMethod: c.readMethod,
  dueOn: c.dueOn,
});

type Preview = Awaited<ReturnType<typeof previewAssignment>>;
type Catalogue = Awaited<ReturnType<typeof searchCatalogue>>;
type Target = {
  classes: Awaited<ReturnType<typeof openClassesInScope>>;
  students: Awaited<ReturnType<typeof studentsForChoice>>;
  filterClass: number | null;
};
type Chosen = Awaited<ReturnType<typeof chosenBooks>>;

/** What the page shows at the step the address asks for (or the one it comes back to). */
export async function assignStep(staff: AcademyStaff, request: Request) {
  const { step: asked, choices, params } = readWizard(request, ASSIGN_STEPS, assignChoices);
  const methods = ASSIGNABLE_READ_METHODS.map((m) => ({ value: m, label: readMethodChoiceLabel(m) }));
  let step: AssignStep = asked;
  let error: string | null = null;
  const shown = (s: { chosen: Chosen; preview?: Preview; catalogue?: Catalogue; target?: Target }) => ({
    step,
    choices,
    error,
    methods,
    chosen: s.chosen,
    preview: s.preview ?? null,
    catalogue: s.catalogue ?? null,
    target: s.target ?? null,
  });
  if (step !== 'books' && !choices.book.length) {
    step = 'books';
    error = CLASS_ASSIGNMENT_MESSAGES.noBooks;
  }
  if (step === 'preview') {
    const preview = await orStepBack(
      () => previewAssignment(staff, assignmentInput(choices)),
      () => 'target' as const,
    );
    if (preview.value) return shown({ preview: preview.value, chosen: preview.value.books });
    ({ step, error } = preview.back);
  }
  const chosen = choices.book.length ? await chosenBooks(choices.book) : [];
  if (step === 'target') {
    const filterClass = positiveInt(params.get('filterClass'));
    const [classes, students] = await Promise.all([openClassesInScope(staff), studentsForChoice(staff, filterClass)]);
    return shown({ chosen, target: { classes, students, filterClass } });
  }
  const catalogue = await searchCatalogue({
    q: params.get('q') ?? '',
    level: positiveInt(params.get('level')),
    genre: params.get('genre') ?? '',
    field: params.get('field') ?? '',
    page: pageNumber(params.get('page')),
  });
  return shown({ chosen, catalogue });
}
