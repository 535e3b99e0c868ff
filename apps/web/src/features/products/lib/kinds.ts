/**
 * The Produk screens per kind (the menu's paths, app/navigation.ts): which
 * product kind and saving types each list shows and each form creates.
 *
 *   /products                       every kind
 *   /products/savings               SAVING (VOLUNTARY, PLAN)
 *   /products/equity                SAVING_EQUITY (PRINCIPAL, MANDATORY; participation too)
 *   /products/deposits              SAVING_DEPOSIT
 *   /products/loans                 LOAN
 *   /products/bills                 BILL
 *   /products/equity-participation  SAVING_EQUITY with saving type PARTICIPATION
 */
import type { ProductKind } from '@koperasi/contracts/enums';
import { EQUITY_TYPES, SAVING_TYPES } from '@koperasi/contracts/products';

export const SEGMENTS = ['savings', 'equity', 'deposits', 'loans', 'bills', 'equity-participation'] as const;
export type Segment = (typeof SEGMENTS)[number];

export interface SegmentInfo {
  segment: Segment;
  kind: ProductKind;
  /** Saving types a product of this screen may have (the first is the default of a new one). */
  savingTypes: readonly string[];
  /** The list's fixed saving type filter (equity participation). */
  savingType?: string;
  /** Key of the menu label under `nav.product.`. */
  navKey: string;
}

export const SEGMENT_INFO: Record<Segment, SegmentInfo> = {
  savings: { segment: 'savings', kind: 'SAVING', savingTypes: SAVING_TYPES, navKey: 'savings' },
  equity: { segment: 'equity', kind: 'SAVING_EQUITY', savingTypes: ['PRINCIPAL', 'MANDATORY', 'PARTICIPATION'], navKey: 'equity' },
  deposits: { segment: 'deposits', kind: 'SAVING_DEPOSIT', savingTypes: [], navKey: 'deposits' },
  loans: { segment: 'loans', kind: 'LOAN', savingTypes: [], navKey: 'loans' },
  bills: { segment: 'bills', kind: 'BILL', savingTypes: [], navKey: 'bills' },
  'equity-participation': {
    segment: 'equity-participation',
    kind: 'SAVING_EQUITY',
    savingTypes: ['PARTICIPATION'],
    savingType: 'PARTICIPATION',
    navKey: 'equity_participation',
  },
};

/** The kind screen named in the address (`/products/:segment/...`), or null for an unknown one. */
export function segmentParam(value: string | undefined): Segment | null {
  return (SEGMENTS as readonly string[]).includes(value ?? '') ? (value as Segment) : null;
}

/** The screen a product belongs to (its detail and edit paths live there). */
export function segmentOf(kind: ProductKind, savingType?: string | null): Segment {
  switch (kind) {
    case 'SAVING':
      return 'savings';
    case 'SAVING_EQUITY':
      return savingType === 'PARTICIPATION' ? 'equity-participation' : 'equity';
    case 'SAVING_DEPOSIT':
      return 'deposits';
    case 'LOAN':
      return 'loans';
    case 'BILL':
      return 'bills';
  }
}

export const productPath = (p: { id: string; kind: ProductKind; savingType?: string | null }) =>
  `/products/${segmentOf(p.kind, p.savingType)}/${p.id}`;

/** What "add product" offers on the all-products screen: one entry per kind and saving type. */
export const NEW_PRODUCT_CHOICES: Array<{ kind: ProductKind; savingType?: string; segment: Segment }> = [
  ...SAVING_TYPES.map((savingType) => ({ kind: 'SAVING' as const, savingType, segment: 'savings' as const })),
  ...EQUITY_TYPES.map((savingType) => ({ kind: 'SAVING_EQUITY' as const, savingType, segment: segmentOf('SAVING_EQUITY', savingType) })),
  { kind: 'SAVING_DEPOSIT', segment: 'deposits' },
  { kind: 'LOAN', segment: 'loans' },
  { kind: 'BILL', segment: 'bills' },
];

export const newProductPath = (segment: Segment, savingType?: string) =>
  `/products/${segment}/new${savingType ? `?type=${savingType}` : ''}`;
