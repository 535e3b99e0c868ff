/** Answers of the products API (contracts `productView`, `productDetailView`; money as JSON numbers). */
import type { ProductView, productDetailView, TermsView } from '@koperasi/contracts/products';
import type { z } from 'zod';

export type { ProductView, TermsView };
export type ProductDetail = z.infer<typeof productDetailView>;

/** GET /api/product/gl-defaults: a role of the kind with its allowed account types and default account. */
export interface GlDefault {
  role: string;
  accountTypes: string[];
  coaId: string | null;
  code: string | null;
  name: string | null;
}

/** An account of the chart (GET /api/coa), as far as the GL step needs it. */
export type { PostableAccount as CoaOption } from '../../../lib/api/accounts';
