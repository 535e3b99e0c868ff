/** The pages of the area in one module: one dynamic import (and one preload list) in the route table instead of three. */
export { default as ProductDetailPage } from './ProductDetailPage';
export { default as ProductFormPage } from './ProductFormPage';
export { default as ProductListPage } from './ProductListPage';
