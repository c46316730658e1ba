import type { GatewayPayment } from './gateway-types.server';

// What an order was paid with, as the receipt says it: the card issuer or bank from the provider's codes.

// Toss's card issuer and bank codes (개발자센터 코드 목록), for the receipt's "paid with".
const CARD_ISSUERS: Record<string, string> = {
  '3K': '기업비씨',
  '46': '광주은행',
  '71': '롯데카드',
  '30': 'KDB산업은행',
  '31': 'BC카드',
  '51': '삼성카드',
  '38': '새마을금고',
  '41': '신한카드',
  '62': '신협',
  '36': '씨티카드',
  '33': '우리카드',
  '37': '우체국예금보험',
  '39': '저축은행중앙회',
  '35': '전북은행',
  '42': '제주은행',
  '15': '카카오뱅크',
  '3A': '케이뱅크',
  '24': '토스뱅크',
  '21': '하나카드',
  '61': '현대카드',
  '11': 'KB국민카드',
  '91': 'NH농협카드',
  '34': 'Sh수협은행',
  '4V': '해외 VISA',
  '4M': '해외 MASTER',
  '4J': '해외 JCB',
};
const BANKS: Record<string, string> = {
  '39': '경남은행',
  '34': '광주은행',
  '12': '단위농협',
  '32': '부산은행',
  '45': '새마을금고',
  '64': '산림조합',
  '88': '신한은행',
  '48': '신협',
  '27': '씨티은행',
  '20': '우리은행',
  '71': '우체국예금보험',
  '50': '저축은행중앙회',
  '37': '전북은행',
  '35': '제주은행',
  '90': '카카오뱅크',
  '89': '케이뱅크',
  '92': '토스뱅크',
  '81': '하나은행',
  '54': '홍콩상하이은행',
  '03': 'IBK기업은행',
  '06': 'KB국민은행',
  '31': 'DGB대구은행',
  '02': 'KDB산업은행',
  '11': 'NH농협은행',
  '23': 'SC제일은행',
  '07': 'Sh수협은행',
};

/** '신한카드 4330-12**-****-1234' or '국민은행 계좌이체'. */
export function paidWithOf(p: GatewayPayment): string | null {
  if (p.card) return `${(p.card.issuerCode && CARD_ISSUERS[p.card.issuerCode]) || '카드'} ${p.card.number}`.trim();
  if (p.transfer) return `${(p.transfer.bankCode && BANKS[p.transfer.bankCode]) || '은행'} 계좌이체`;
  return p.method;
}
