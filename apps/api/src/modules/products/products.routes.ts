/**
 * HTTP routes of Produk (spec section 7 "Products"): list, create, update,
 * detail, the pickers per category and the GL defaults of the mapping step.
 */
import {
  pageOf,
  productCategoryParams,
  productCategoryQuery,
  productCreateBody,
  productDatatableQuery,
  productDetailView,
  productGlDefaultsQuery,
  productPickView,
  productUpdateBody,
  productView,
} from '@koperasi/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../lib/context.ts';
import { ok } from '../../lib/http.ts';
import { documented, passthrough } from './products.http.ts';
import * as products from './products.service.ts';
import * as views from './products.views.ts';

const TAG = ['product'];

export async function productRoutes(appBase: FastifyInstance) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/product/datatable',
    {
      ...passthrough,
      config: { permission: 'product:view' },
      schema: {
        tags: TAG,
        summary: 'Product list: search (name or code), isActive, kind (alias category), savingType, paging and sort',
        description:
          'sortBy: created_date (default), name, code, kind, updated_date. Each row carries the terms in force today, the GL accounts, ' +
          'and the number of accounts and their total balance.',
        querystring: productDatatableQuery,
        response: documented(pageOf(productView)),
      },
    },
    async (req) => ok(await views.datatable(ctxOf(req), req.query)),
  );

  app.post(
    '/api/product',
    {
      ...passthrough,
      config: { permission: 'product:add' },
      schema: {
        tags: TAG,
        summary: 'Create a product of any kind with its terms (version 1) and GL mapping',
        description:
          'kind SAVING (savingType VOLUNTARY or PLAN), SAVING_EQUITY (PRINCIPAL, MANDATORY or PARTICIPATION), SAVING_DEPOSIT, LOAN, BILL. ' +
          'The terms fields of the kind sit beside the product fields. glAccounts maps every GL role of the kind to a COA account ' +
          "(GET /api/product/gl-defaults lists them); a missing one answers 'Semua akun COA wajib dipilih'. code is generated when empty.",
        body: productCreateBody,
        response: documented(productDetailView),
      },
    },
    async (req) => ok(await products.createProduct(ctxOf(req), req.body), 'product.created'),
  );

  app.patch(
    '/api/product',
    {
      ...passthrough,
      config: { permission: 'product:update' },
      schema: {
        tags: TAG,
        summary: 'Update a product: fields in place, terms as a new version from effectiveDate, GL mapping per role',
        description:
          'Terms fields create a new version effective from effectiveDate (default today; never earlier, never before a version already ' +
          'scheduled); movements keep the version in force on their date. The control account cannot change once the product has accounts.',
        body: productUpdateBody,
        response: documented(productDetailView),
      },
    },
    async (req) => ok(await products.updateProduct(ctxOf(req), req.body), 'product.updated'),
  );

  app.get(
    '/api/product/:id/detail',
    {
      ...passthrough,
      config: { permission: 'product:view' },
      schema: {
        tags: TAG,
        summary: 'One product with every terms version (newest first), the upcoming one, GL accounts and usage',
        params: z.object({ id: z.string().uuid('validation.uuid') }),
        response: documented(productDetailView),
      },
    },
    async (req) => ok(await views.productDetail(ctxOf(req), req.params.id)),
  );

  app.get(
    '/api/product/:id/categories',
    {
      ...passthrough,
      config: { auth: true },
      schema: {
        tags: TAG,
        summary: 'Products of a category (SAVING, SAVING_EQUITY, SAVING_DEPOSIT, LOAN, BILL) for pickers',
        description:
          'Path product/{category}/categories. Active products only unless isActive=false. The saving forms fill their product list ' +
          'from SAVING and SAVING_EQUITY. Open to every signed-in user (tellers and agents pick products in their forms); ' +
          'without product:view the GL mapping, account count and total balance are left out.',
        params: z.object({ id: productCategoryParams.shape.category }),
        querystring: productCategoryQuery,
        response: documented(z.array(productPickView)),
      },
    },
    async (req) => ok(await views.categories(ctxOf(req), req.params.id, req.query)),
  );

  app.get(
    '/api/product/gl-defaults',
    {
      ...passthrough,
      config: { permission: 'product:view' },
      schema: {
        tags: TAG,
        summary: 'The GL roles of a kind with their allowed account types and default accounts (the GL mapping step)',
        querystring: productGlDefaultsQuery,
        response: documented(
          z.array(
            z.object({
              role: z.string(),
              accountTypes: z.array(z.string()),
              coaId: z.string().nullable(),
              code: z.string().nullable(),
              name: z.string().nullable(),
            }),
          ),
        ),
      },
    },
    async (req) => ok(await views.glDefaults(ctxOf(req), req.query.kind, req.query.savingType)),
  );
}
