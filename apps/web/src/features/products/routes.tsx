/**
 * The Produk screens (issue 7): the list of every product and of each kind,
 * a product's detail, and the add / update stepper per kind. Paths are the
 * menu's (app/navigation.ts); a product's pages sit under its kind's entry.
 */
import { lazy } from 'react';
import type { FeatureRoute } from '../../lib/routing';

const ProductListPage = lazy(() => import('./pages/ProductListPage'));
const ProductDetailPage = lazy(() => import('./pages/ProductDetailPage'));
const ProductFormPage = lazy(() => import('./pages/ProductFormPage'));

/** Kept here (not imported from lib/kinds) so the route table pulls in no product code. */
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
  ...SEGMENTS.flatMap(([segment, navKey]): FeatureRoute[] => [
    { path: `/products/${segment}`, element: <ProductListPage segment={segment} />, permission: 'product', title: `nav.product.${navKey}` },
    {
      path: `/products/${segment}/new`,
      element: <ProductFormPage segment={segment} />,
      permission: 'product:add',
      title: 'products:form.newTitle',
    },
    {
      path: `/products/${segment}/:id`,
      element: <ProductDetailPage segment={segment} />,
      permission: 'product',
      title: 'products:detail.title',
    },
    {
      path: `/products/${segment}/:id/edit`,
      element: <ProductFormPage segment={segment} />,
      permission: 'product:update',
      title: 'products:form.editTitle',
    },
  ]),
];
