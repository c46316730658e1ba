import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { db, type Executor } from '~/db/client.server';
import { talkTemplates, type TemplateApproval } from '~/db/schema';
import { TALK_EVENTS, TALK_MESSAGES as M, isTalkEvent, templateVariables, type TalkEvent } from '~/domain/talk';
import { now } from '~/lib/clock.server';
import { DomainError, isUniqueViolation } from '~/lib/errors';
import { recordAudit } from '../operators/audit.server';
import type { Operator, Origin } from '../operators/users.server';

// 알림톡 templates as operators keep them (/super/talk/templates): Kakao sends only a template it has reviewed, so
// each carries its text with `#{변수}` variables, the event that sends it by itself (none: academy staff send it from
// /talk), its review state and Solapi's template id. Only an APPROVED, active template is ever sent; the variables are
// read from the text, so the two cannot disagree, and an event's template may use only what the event fills. Every
// change is audited in its transaction.

export type TemplateInput = {
  code?: string;
  name: string;
  body: string;
  event: string;
  approval: string;
  providerTemplateId: string;
  active: boolean;
};

const APPROVALS: TemplateApproval[] = ['REQUESTED', 'APPROVED', 'REJECTED'];

export async function listTemplates() {
  return db().select().from(talkTemplates).orderBy(asc(talkTemplates.event), asc(talkTemplates.id));
}

export async function getTemplate(id: number) {
  const [row] = await db().select().from(talkTemplates).where(eq(talkTemplates.id, id));
  if (!row) throw new DomainError('TEMPLATE_NOT_FOUND', M.templateNotFound, 404);
  return row;
}

/** The template an event sends: the newest approved and active one for it, or null (the event then sends nothing). */
export async function eventTemplate(executor: Executor, event: TalkEvent) {
  const [row] = await executor
    .select()
    .from(talkTemplates)
    .where(and(eq(talkTemplates.event, event), eq(talkTemplates.approval, 'APPROVED'), eq(talkTemplates.active, true)))
    .orderBy(desc(talkTemplates.id))
    .limit(1);
  return row ?? null;
}

/** The templates academy staff and operators may send from /talk: approved, active, not tied to an event. */
export async function sendableTemplates(executor: Executor = db()) {
  return executor
    .select()
    .from(talkTemplates)
    .where(and(isNull(talkTemplates.event), eq(talkTemplates.approval, 'APPROVED'), eq(talkTemplates.active, true)))
    .orderBy(asc(talkTemplates.name), asc(talkTemplates.id));
}

/** The input checked, or a DomainError with the Korean message of the first problem. */
function validated(input: TemplateInput) {
  const name = input.name.trim();
  const body = input.body.replace(/\r\n/g, '\n').trim();
  const event = input.event.trim() || null;
  const approval = input.approval as TemplateApproval;
  const providerTemplateId = input.providerTemplateId.trim() || null;
  if (!name || name.length > 50) throw new DomainError('TEMPLATE_NAME', M.nameInvalid);
  if (!body || body.length > 1000) throw new DomainError('TEMPLATE_BODY', M.bodyInvalid);
  if (event !== null && !isTalkEvent(event)) throw new DomainError('TEMPLATE_EVENT', M.eventInvalid);
  if (!APPROVALS.includes(approval)) throw new DomainError('TEMPLATE_APPROVAL', M.approvalInvalid);
  if (providerTemplateId && !/^[A-Za-z0-9_-]{1,100}$/.test(providerTemplateId))
    throw new DomainError('TEMPLATE_PROVIDER_ID', M.providerIdInvalid);
  if (approval === 'APPROVED' && !providerTemplateId) throw new DomainError('TEMPLATE_PROVIDER_ID', M.approvedNeedsProviderId);
  const variables = templateVariables(body);
  if (variables.length > 10) throw new DomainError('TEMPLATE_BODY', M.tooManyVariables);
  if (event) {
    const allowed: readonly string[] = TALK_EVENTS[event as TalkEvent].variables;
    const unknown = variables.filter((v) => !allowed.includes(v));
    if (unknown.length) throw new DomainError('TEMPLATE_BODY', M.eventVariables(unknown));
  }
  return { name, body, event, approval, providerTemplateId, variables, active: input.active };
}

export async function createTemplate(operator: Operator, input: TemplateInput, origin: Origin) {
  const code = (input.code ?? '').trim();
  if (!/^[A-Z][A-Z0-9_]{1,39}$/.test(code)) throw new DomainError('TEMPLATE_CODE', M.codeInvalid);
  const values = validated(input);
  try {
    return await db().transaction(async (tx) => {
      const [row] = await tx
        .insert(talkTemplates)
        .values({ code, ...values })
        .returning();
      await recordAudit(tx, operator, origin, {
        action: 'talk_template.create',
        targetType: 'talk_template',
        targetId: row.id,
        after: auditView(row),
      });
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new DomainError('TEMPLATE_CODE', M.codeTaken, 409);
    throw error;
  }
}

/** Saves the fields the edit form shows (the code stays), audited with what it was before. */
export async function updateTemplate(operator: Operator, id: number, input: TemplateInput, origin: Origin) {
  const values = validated(input);
  return db().transaction(async (tx) => {
    const [before] = await tx.select().from(talkTemplates).where(eq(talkTemplates.id, id)).for('update');
    if (!before) throw new DomainError('TEMPLATE_NOT_FOUND', M.templateNotFound, 404);
    const [row] = await tx
      .update(talkTemplates)
      .set({ ...values, updatedAt: now() })
      .where(eq(talkTemplates.id, id))
      .returning();
    await recordAudit(tx, operator, origin, {
      action: 'talk_template.update',
      targetType: 'talk_template',
      targetId: id,
      before: auditView(before),
      after: auditView(row),
    });
    return row;
  });
}

const auditView = (t: typeof talkTemplates.$inferSelect) => ({
  code: t.code,
  name: t.name,
  body: t.body,
  event: t.event,
  approval: t.approval,
  providerTemplateId: t.providerTemplateId,
  active: t.active,
});
