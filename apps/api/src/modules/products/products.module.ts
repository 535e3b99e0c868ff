import { onOnboardingFinished } from '../tenants/tenants.service.ts';
import { defineModule } from '../types.ts';
import { productRoutes } from './products.routes.ts';
import { applyOnboarding, seedDefaultProducts } from './products.seed.ts';

/**
 * Products (Produk): the five product kinds with versioned terms and GL
 * mapping. New cooperatives get Simpanan Pokok, Simpanan Wajib and Simpanan
 * Sukarela; the onboarding wizard's product configuration updates them and
 * creates the first loan product. Seeds after the chart of accounts (10),
 * ledger (11), access (20) and members (30).
 */
onOnboardingFinished(applyOnboarding);

export default defineModule({
  name: 'products',
  order: 40,
  routes: productRoutes,
  seedTenant: seedDefaultProducts,
});
