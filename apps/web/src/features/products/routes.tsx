/**
 * The Produk screens (issue 7): the list of every product and of each kind,
 * a product's detail, and the add / update stepper per kind. Paths are the
 * menu's (app/navigation.ts); a product's pages sit under its kind's entry.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

// One dynamic import for the three pages: each import() in the route table carries its own list of chunks
// to preload, and the route table is part of the first page's JavaScript (the sign-in budget).
const pages = () => import('./pages');
const ProductListPage = lazy(() => pages().then((m) => ({ default: m.ProductListPage })));
const ProductDetailPage = lazy(() => pages().then((m) => ({ default: m.ProductDetailPage })));
const ProductFormPage = lazy(() => pages().then((m) => ({ default: m.ProductFormPage })));

/** The menu's entries (kept here, not imported from lib/kinds, so the route table pulls in no product code). */
const SEGMENTS = [
  ['savings', 'savings'],
  ['equity', 'equity'],
  ['deposits', 'deposits'],
  ['loans', 'loans'],
  ['bills', 'bills'],
  ['equity-participation', 'equity_participation'],
] as const;

export const routes: FeatureRoute[] = [
  { path: '/products', element: <ProductListPage />, permission: 'product', title: 'nav.product.all' },
  ...SEGMENTS.map(
    ([segment, navKey]): FeatureRoute => ({
      path: `/products/${segment}`,
      element: <ProductListPage segment={segment} />,
      permission: 'product',
      title: `nav.product.${navKey}`,
    }),
  ),
  // The kind's pages read it from the address (an unknown kind is "not found").
  { path: '/products/:segment/new', element: <ProductFormPage />, permission: 'product:add', title: 'products:form.newTitle' },
  { path: '/products/:segment/:id', element: <ProductDetailPage />, permission: 'product', title: 'products:detail.title' },
  { path: '/products/:segment/:id/edit', element: <ProductFormPage />, permission: 'product:update', title: 'products:form.editTitle' },
];
