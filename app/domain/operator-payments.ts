import { ReceiptType, Tier } from './enums';

// The labels and messages of the operators' payment pages (super area: prices, the payments console, settlement).
// Shared by server and client code: no server imports here.

export const OP_RECEIPT_LABELS: Record<string, string> = {
  [ReceiptType.PERSONAL]: '현금영수증 (개인 소득공제)',
  [ReceiptType.BUSINESS]: '현금영수증 (사업자 지출증빙)',
  [ReceiptType.NONE]: '발급 안 함',
};

export const PLAN_LABELS: Record<string, string> = { academy: '학원', personal: '개인 회원' };

/** Tiers each plan has a price for. */
export const PLAN_TIERS: Record<'academy' | 'personal', Tier[]> = {
  academy: [Tier.BASIC, Tier.ADD1, Tier.ADD2, Tier.NEW],
  personal: [Tier.BASIC],
};

/** Rates are stored in basis points: 1500 → '15%'. */
export const rateLabel = (rate: number) => `${(rate / 100).toLocaleString('ko-KR', { maximumFractionDigits: 2 })}%`;

export const OPERATOR_PAYMENT_MESSAGES = {
  paymentNotFound: '결제를 찾을 수 없습니다.',
  notDeposit: '무통장입금 주문만 입금을 확인할 수 있습니다.',
  notWaiting: '결제 대기 중인 주문이 아닙니다.',
  alreadyPaid: '이 학원은 이미 이 달의 같은 항목을 결제했습니다. 입금을 확인할 수 없습니다. 입금액은 환불해 주세요.',
  confirming: '결제 승인이 진행 중인 주문은 취소할 수 없습니다. 잠시 후 다시 확인해 주세요.',
  notRefundable: '결제 완료된 결제만 환불할 수 있습니다.',
  refundAmountInvalid: '환불 금액을 1원 이상의 숫자로 입력해 주세요.',
  refundReasonRequired: '환불 사유를 입력해 주세요.',
  refundTooMuch: (balance: string) => `환불 금액이 환불 가능한 금액(${balance})보다 많습니다.`,
  refundInProgress: '이 환불을 처리하고 있습니다. 잠시 후 결제 내역을 다시 확인해 주세요.',
  refundKeyReused: '이미 다른 결제에 사용된 요청입니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.',
  refundKeyMissing: '요청이 올바르지 않습니다. 페이지를 새로 고친 뒤 다시 시도해 주세요.',
  refundUnknown: '결제사의 응답을 받지 못해 환불 결과를 아직 모릅니다. 잠시 후 ‘환불 결과 확인’을 눌러 주세요.',
  noGateway: '결제사 연동이 설정되지 않아 카드·계좌이체 결제를 환불할 수 없습니다.',
  noPaymentKey: '결제사 결제 키가 없는 결제입니다. 결제사 관리자 화면에서 환불해 주세요.',
  priceAmountInvalid: '금액을 0원 이상의 숫자로 입력해 주세요.',
  priceLimitInvalid: '학생 수를 1명 이상의 숫자로 입력해 주세요.',
  priceLimitRequired: '이 항목은 학생 수를 입력해야 합니다.',
  priceDateInvalid: '적용일을 올바르게 입력해 주세요.',
  pricePast: '적용일은 오늘 이후여야 합니다. 지난 청구 금액은 바꿀 수 없습니다.',
  priceDuplicate: '같은 항목에 같은 적용일의 가격이 이미 있습니다.',
  pricePlanInvalid: '요금제와 항목을 선택해 주세요.',
  payoutNothing: '지급할 정산 내역이 없습니다.',
} as const;
