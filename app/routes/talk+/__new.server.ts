import { z } from 'zod';
import { TALK_AUDIENCES, TALK_MESSAGES, type TalkAudience } from '~/domain/talk';
import {
  academyChoices,
  composeChoices,
  isOperator,
  manualVariables,
  newSendKey,
  previewSend,
  type SendInput,
  type TalkSender,
} from '~/services/talk/sends.server';
import { choice, classOrStudents, orStepBack, readWizard } from '~/web/wizard.server';

// The steps of 알림톡 보내기 (/talk/new) and what each shows: 1 the template (operators also choose the academy), 2 the
// recipients and the values of the template's other variables, 3 the preview with its send key. A step whose earlier
// choices are missing or refused comes back to the step that asks for them, with the reason.

export const TALK_STEPS = ['template', 'recipients', 'preview'] as const;
export type TalkStep = (typeof TALK_STEPS)[number];

/** The choices carried between the steps, by their parameters' names (`v.이름`: a variable's value). */
const talkShape = {
  academy: choice.id(),
  template: choice.id(),
  target: choice.target(),
  classId: choice.id(),
  student: choice.ids(1000),
  audience: choice.oneOf(Object.keys(TALK_AUDIENCES) as TalkAudience[]),
  v: choice.named({ maxName: 38, maxValue: 200 }),
};
export const talkChoices = z.object(talkShape).transform(classOrStudents);
export type TalkChoices = z.output<typeof talkChoices>;

/** The send's post: the choices and the key the preview was shown with. */
export const talkSendSchema = z.object({ ...talkShape, key: choice.text() }).transform(classOrStudents);

export const sendInput = (c: TalkChoices): SendInput => ({
  academyId: c.academy,
  templateId: c.template,
  target: c.target,
  classId: c.classId,
  studentIds: c.student,
  audience: c.audience || null,
  values: c.v,
});

type Preview = Awaited<ReturnType<typeof previewSend>>;
type Compose = Awaited<ReturnType<typeof composeChoices>>;

/** What the page shows at the step the address asks for (or the one it comes back to). */
export async function talkStep(user: TalkSender, request: Request) {
  const wizard = readWizard(request, TALK_STEPS, talkChoices);
  const choices = wizard.choices;
  const operator = isOperator(user);
  let step: TalkStep = wizard.step;
  let error: string | null = null;
  const academies = operator ? await academyChoices() : [];
  const shown = (s: { compose: Compose | null; preview?: Preview }) => {
    const template = s.compose?.templates.find((t) => t.id === choices.template) ?? null;
    return {
      step,
      choices,
      error,
      operator,
      academies,
      compose: s.compose && {
        academy: s.compose.academy,
        templates: s.compose.templates.map((t) => ({ id: t.id, name: t.name, body: t.body })),
        classes: s.compose.classes,
        students: s.compose.students,
        variables: template ? manualVariables(template.body) : [],
        template: template && { id: template.id, name: template.name, body: template.body },
      },
      preview: s.preview ?? null,
      key: s.preview ? newSendKey() : null,
    };
  };
  if (operator && choices.academy && !academies.some((a) => a.id === choices.academy)) {
    choices.academy = null;
    step = 'template';
    error = TALK_MESSAGES.chooseAcademy;
  }
  if (operator && !choices.academy && step !== 'template') {
    step = 'template';
    error = TALK_MESSAGES.chooseAcademy;
  }
  if (step === 'preview') {
    const back = (code: string) => (code === 'TALK_TEMPLATE' || code === 'TALK_ACADEMY' ? 'template' : 'recipients');
    const preview = await orStepBack(() => previewSend(user, sendInput(choices)), back);
    if (preview.value) return shown({ compose: null, preview: preview.value });
    ({ step, error } = preview.back);
  }
  const compose = operator && !choices.academy ? null : await composeChoices(user, choices.academy);
  if (step === 'recipients' && !compose?.templates.some((t) => t.id === choices.template)) {
    step = 'template';
    error ??= TALK_MESSAGES.chooseTemplate;
  }
  return shown({ compose });
}
