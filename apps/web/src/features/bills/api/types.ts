/** Shapes of the bill answers (packages/contracts bills.ts). */
import type { BillDetailView, BillInstallmentView, BillPaymentView, BillSimulationView, BillView } from '@koperasi/contracts/bills';

export type { BillDetailView, BillInstallmentView, BillPaymentView, BillSimulationView, BillView };

export interface BillProduct {
  id: string;
  code: string;
  name: string;
  isActive: boolean;
}

export interface RealizationRow extends BillView {
  total: number;
}

export interface Realization {
  start: string;
  end: string;
  items: RealizationRow[];
  totals: {
    count: number;
    amount: number;
    adminFee: number;
    total: number;
    paid: number;
    deducted: number;
    writtenOff: number;
    debt: number;
  };
}
