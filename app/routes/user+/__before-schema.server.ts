import { z } from 'zod';

// The before-reading form as the server reads it (the page checks native constraints only: docs/decisions/011).
export const schema = z.object({
  prediction: z
    .string({ required_error: '표지와 제목을 보고 예측한 내용을 적어 주세요.' })
    .trim()
    .min(5, '5자 이상 적어 주세요.')
    .max(1000, '1000자까지 적을 수 있어요.'),
  whatIKnow: z
    .string({ required_error: '이미 알고 있는 것을 적어 주세요.' })
    .trim()
    .min(5, '5자 이상 적어 주세요.')
    .max(1000, '1000자까지 적을 수 있어요.'),
});
