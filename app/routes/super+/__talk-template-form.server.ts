import { z } from 'zod';

// The 알림톡 template form (new and edit), read on the server: each field as typed (cut at a length past the form's
// own limit), the checkbox as a boolean. The service checks them (app/services/talk/templates.server.ts) and its
// refusal is shown beside the field its code names.

const text = (max: number) =>
  z
    .string()
    .optional()
    .transform((v) => (v ?? '').slice(0, max));

export const templateSchema = z.object({
  code: text(60),
  name: text(100),
  body: text(2000),
  event: text(40),
  approval: text(20),
  providerTemplateId: text(200),
  active: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
});

/** The field a template service error belongs to (by its code). */
export const TEMPLATE_FIELDS = {
  TEMPLATE_CODE: 'code',
  TEMPLATE_NAME: 'name',
  TEMPLATE_BODY: 'body',
  TEMPLATE_EVENT: 'event',
  TEMPLATE_APPROVAL: 'approval',
  TEMPLATE_PROVIDER_ID: 'providerTemplateId',
} as const;

/** Who changed a template and from where, for the audit trail. */
