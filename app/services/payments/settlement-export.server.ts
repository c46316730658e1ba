import { rateLabel } from '~/domain/operator-payments';
import { PAYMENT_METHOD_LABELS, SETTLEMENT_STATUS_LABELS, TIER_LABELS } from '~/domain/payments';
import { seoulDay } from '~/lib/dates';
import { csvHeader, csvRows, type Table } from '~/lib/spreadsheets.server';
import { add, counts, settlementLineBatches, zero, type ReportScope, type SettlementLine, type Totals } from './settlement-lines.server';
import { type SettlementReport } from './settlement-report.server';

// A branch's settlement as a spreadsheet: the report's lines and totals as one table (`.xlsx`, and the CSV streamed a
// batch of lines at a time), the columns the operators and branches download.

const day = (d: Date | null) => (d ? seoulDay(d) : '');

const SETTLEMENT_COLUMNS = [
  { key: 'month', header: '정산월', width: 10 },
  { key: 'branch', header: '지사', width: 20 },
  { key: 'agency', header: '대리점', width: 16 },
  { key: 'academy', header: '학원', width: 20 },
  { key: 'orderId', header: '주문번호', width: 30 },
  { key: 'tier', header: '항목', width: 12 },
  { key: 'method', header: '결제 방법', width: 12 },
  { key: 'approvedAt', header: '결제일', width: 12 },
  { key: 'base', header: '정산 기준 금액', width: 14 },
  { key: 'branchRate', header: '지사 요율', width: 10 },
  { key: 'branchAmount', header: '지사 정산액', width: 14 },
  { key: 'agencyRate', header: '대리점 요율', width: 10 },
  { key: 'agencyAmount', header: '대리점 정산액', width: 14 },
  { key: 'status', header: '상태', width: 12 },
  { key: 'paidOutAt', header: '지급일', width: 12 },
] as const;
type SettlementKey = (typeof SETTLEMENT_COLUMNS)[number]['key'];
type SettlementRow = Record<SettlementKey, string | number | null>;

const lineRow = (l: SettlementLine): SettlementRow => ({
  month: l.month,
  branch: l.branchName,
  agency: l.agencyName ?? '',
  academy: l.academyName,
  orderId: l.orderId,
  tier: TIER_LABELS[l.tier] ?? String(l.tier),
  method: PAYMENT_METHOD_LABELS[l.method] ?? l.method,
  approvedAt: day(l.approvedAt),
  base: l.baseAmount,
  branchRate: rateLabel(l.branchRate),
  branchAmount: l.branchAmount,
  agencyRate: rateLabel(l.agencyRate),
  agencyAmount: l.agencyAmount,
  status: l.toRecover ? '환불 (회수 필요)' : (SETTLEMENT_STATUS_LABELS[l.status] ?? String(l.status)),
  paidOutAt: day(l.paidOutAt),
});

/** The two rows under the lines: the totals the page shows (정산 대상) and the shares to recover. */
function totalRows(totals: Totals, recover: Totals): SettlementRow[] {
  const blank = Object.fromEntries(SETTLEMENT_COLUMNS.map((c) => [c.key, null])) as Record<SettlementKey, null>;
  return [
    {
      ...blank,
      month: '합계',
      academy: `정산 대상 ${totals.count}건 (지급 대기·지급 완료)`,
      base: totals.base,
      branchAmount: totals.branchAmount,
      agencyAmount: totals.agencyAmount,
    },
    {
      ...blank,
      month: '회수 필요',
      academy: `지급 후 환불 ${recover.count}건`,
      base: recover.base,
      branchAmount: recover.branchAmount,
      agencyAmount: recover.agencyAmount,
    },
  ];
}

/** The report as a table for `.xlsx` and CSV: every line, then the totals the page shows (정산 대상 and to recover). */
export function settlementTable(report: SettlementReport): Table {
  const rows = report.lines.map(lineRow);
  rows.push(...totalRows(report.totals, report.recover));
  return { columns: [...SETTLEMENT_COLUMNS], rows };
}

/**
 * The same table as CSV, streamed: the lines read settlementLineBatches' batch at a time and written as they come, the
 * totals added up on the way and written last. Memory holds one batch whatever the month's size (docs/decisions/046).
 */
export function settlementCsv(scope: ReportScope): ReadableStream<Uint8Array> {
  const columns = [...SETTLEMENT_COLUMNS];
  const batches = settlementLineBatches({ branchId: scope.branchId, month: scope.month });
  const totals = zero();
  const recover = zero();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(csvHeader(columns));
        }
        const next = await batches.next();
        if (next.done) {
          controller.enqueue(csvRows(columns, totalRows(totals, recover)));
          controller.close();
          return;
        }
        for (const line of next.value) {
          if (line.toRecover) add(recover, line);
          if (counts(line)) add(totals, line);
        }
        controller.enqueue(csvRows(columns, next.value.map(lineRow)));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}
