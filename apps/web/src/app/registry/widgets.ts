/** Every feature's `widgets.tsx`, found at build time; loaded with the dashboard only. */
import type { DashboardWidget } from '../../lib/routing';

const modules = import.meta.glob<{ widgets?: DashboardWidget[] }>('../../features/*/widgets.tsx', { eager: true });

export const featureWidgets: DashboardWidget[] = Object.values(modules).flatMap((m) => m.widgets ?? []);
