/**
 * Daftar Produk: every product (/products) or one kind's (/products/savings,
 * /equity, /deposits, /loans, /bills, /equity-participation), server-paged,
 * with search (name or code), status and type filters, Excel export of what
 * the filters select, and "add" for roles that may add products.
 */
import type { ProductKind } from '@koperasi/contracts/enums';
import { PRODUCT_KINDS } from '@koperasi/contracts/enums';
import AddRounded from '@mui/icons-material/AddRounded';
import FilterAltOffOutlined from '@mui/icons-material/FilterAltOffOutlined';
import KeyboardArrowDownRounded from '@mui/icons-material/KeyboardArrowDownRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ExcelColumn } from '../../../components/excel';
import { ItemsSelect } from '../../../components/form/ItemsSelect';
import { PageHeader } from '../../../components/PageHeader';
import { ServerDataTable } from '../../../components/table/ServerDataTable';
import type { ListParams } from '../../../lib/api/list';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { productsKey } from '../api/keys';
import { listProducts } from '../api/listProducts';
import { ProductKindChip, ProductStatusChip } from '../components/ProductChips';
import { NEW_PRODUCT_CHOICES, newProductPath, productPath, SEGMENT_INFO, type Segment } from '../lib/kinds';
import { termValues } from '../lib/terms';
import type { ProductView } from '../lib/types';
import { useTermText } from '../lib/useTermText';

/** The lines of the list's "main terms": which summary texts each kind shows. */
function summaryKeys(kind: ProductKind, savingType: string | null): string[] {
  switch (kind) {
    case 'SAVING':
      return savingType === 'PLAN' ? ['SAVING', 'PLAN'] : ['SAVING', 'SAVING_basis'];
    case 'SAVING_EQUITY':
      return [savingType ?? 'PARTICIPATION'];
    case 'SAVING_DEPOSIT':
      return ['SAVING_DEPOSIT', 'SAVING_DEPOSIT_min'];
    case 'LOAN':
      return ['LOAN', 'LOAN_tenor'];
    case 'BILL':
      return ['BILL', 'BILL_installments'];
  }
}

const SORTABLE = new Set(['code', 'name', 'kind', 'created_date']);

/** The list's columns, and the key terms of a product (shown in a column and exported). */
function useProductColumns() {
  const { t } = useTranslation('products');
  const f = useFormat();
  const text = useTermText();
  const keyTerms = useCallback(
    (p: ProductView) => {
      const values = termValues(p.kind, p.terms);
      const shown = Object.fromEntries(Object.keys(values).map((n) => [n, text(p.kind, n, values[n], values)]));
      return summaryKeys(p.kind, p.savingType).map((k) => t(`list.summary.${k}`, shown));
    },
    [t, text],
  );

  const columns = useMemo<GridColDef<ProductView>[]>(
    () => [
      { field: 'code', headerName: t('list.code'), width: 80 },
      {
        field: 'name',
        headerName: t('fields.name'),
        flex: 1,
        minWidth: 180,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, py: 0.75 }}>
            <Typography sx={{ fontSize: '0.8125rem', fontWeight: 600 }} noWrap>
              {row.name}
            </Typography>
            {row.description && (
              <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} noWrap>
                {row.description}
              </Typography>
            )}
          </Box>
        ),
      },
      {
        field: 'kind',
        headerName: t('fields.kind'),
        width: 160,
        renderCell: ({ row }) => <ProductKindChip kind={row.kind} savingType={row.savingType} />,
      },
      {
        field: 'terms',
        headerName: t('list.terms'),
        flex: 1.2,
        minWidth: 230,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ py: 0.75, minWidth: 0 }}>
            {keyTerms(row).map((line) => (
              <Typography key={line} sx={{ fontSize: '0.75rem', lineHeight: 1.5 }} noWrap>
                {line}
              </Typography>
            ))}
          </Box>
        ),
      },
      {
        field: 'version',
        headerName: t('list.version'),
        width: 110,
        sortable: false,
        valueGetter: (_v, row) => t('list.versionShort', { version: row.terms.version, date: f.date(row.terms.effectiveDate) }),
      },
      { field: 'accountCount', headerName: t('fields.accountCount'), width: 85, sortable: false, type: 'number' },
      {
        field: 'totalBalance',
        headerName: t('fields.totalBalance'),
        width: 135,
        sortable: false,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => f.money(v),
      },
      {
        field: 'isActive',
        headerName: t('fields.status'),
        width: 95,
        sortable: false,
        renderCell: ({ row }) => <ProductStatusChip active={row.isActive} />,
      },
    ],
    [t, f, keyTerms],
  );
  return { keyTerms, columns };
}

export default function ProductListPage({ segment }: { segment?: Segment }) {
  const { t } = useTranslation('products');
  const { can } = useAuth();
  const navigate = useNavigate();
  const info = segment ? SEGMENT_INFO[segment] : undefined;
  const [status, setStatus] = useState<'none' | 'true' | 'false'>('none');
  const [kind, setKind] = useState<'none' | ProductKind>('none');
  const [savingType, setSavingType] = useState('none');
  const [menu, setMenu] = useState<HTMLElement | null>(null);

  const filters = {
    isActive: status,
    kind: info?.kind ?? kind,
    savingType: info?.savingType ?? savingType,
  };
  const filtered = status !== 'none' || kind !== 'none' || savingType !== 'none';
  const typeChoices = info && !info.savingType ? info.savingTypes : [];

  const fetchPage = (p: ListParams, signal?: AbortSignal) =>
    listProducts({ ...p, sortBy: p.sortBy && SORTABLE.has(p.sortBy) ? p.sortBy : undefined }, signal);

  const { keyTerms, columns } = useProductColumns();

  const excel: ExcelColumn<ProductView>[] = [
    { header: t('fields.code'), value: 'code', width: 12 },
    { header: t('fields.name'), value: 'name', width: 30 },
    { header: t('fields.kind'), value: (r) => t(`kind.${r.kind}`), width: 18 },
    { header: t('fields.savingType'), value: (r) => (r.savingType ? t(`savingType.${r.savingType}`) : ''), width: 20 },
    { header: t('list.terms'), value: (r) => keyTerms(r).join('; '), width: 50 },
    { header: t('fields.version'), value: (r) => r.terms.version, type: 'number', width: 10 },
    { header: t('fields.effectiveDate'), value: (r) => r.terms.effectiveDate, type: 'date' },
    { header: t('fields.accountCount'), value: 'accountCount', type: 'number', width: 10 },
    { header: t('fields.totalBalance'), value: 'totalBalance', type: 'money' },
    { header: t('fields.audience'), value: (r) => t(`audience.${r.audience}`), width: 22 },
    { header: t('fields.status'), value: (r) => (r.isActive ? t('status.active') : t('status.inactive')), width: 10 },
    { header: t('fields.createdDate'), value: 'createdDate', type: 'datetime' },
  ];

  const title = t(`common:nav.product.${info?.navKey ?? 'all'}`);
  const choices = info ? NEW_PRODUCT_CHOICES.filter((c) => c.segment === segment) : NEW_PRODUCT_CHOICES;
  const choiceLabel = (c: (typeof NEW_PRODUCT_CHOICES)[number]) => (c.savingType ? t(`savingType.${c.savingType}`) : t(`kind.${c.kind}`));

  return (
    <>
      <PageHeader
        title={title}
        subtitle={t(`list.subtitle.${segment ?? 'all'}`)}
        breadcrumbs={[{ label: t('common:nav.product.title'), to: '/products' }, ...(info ? [{ label: title }] : [])]}
        actions={
          can('product', 'add') &&
          (choices.length === 1 ? (
            <Button
              variant="contained"
              component={Link}
              to={newProductPath(choices[0]!.segment, choices[0]!.savingType)}
              startIcon={<AddRounded />}
              data-testid="product-add"
            >
              {t('list.add')}
            </Button>
          ) : (
            <>
              <Button
                variant="contained"
                startIcon={<AddRounded />}
                endIcon={<KeyboardArrowDownRounded />}
                onClick={(e) => setMenu(e.currentTarget)}
                data-testid="product-add"
              >
                {t('list.add')}
              </Button>
              <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)} data-testid="product-add-menu">
                {choices.map((c) => (
                  <MenuItem
                    key={`${c.kind}-${c.savingType ?? ''}`}
                    onClick={() => navigate(newProductPath(c.segment, c.savingType))}
                    data-testid={`add-${c.savingType ?? c.kind}`}
                  >
                    {t('list.addKind', { kind: choiceLabel(c) })}
                  </MenuItem>
                ))}
              </Menu>
            </>
          ))
        }
      />
      <ServerDataTable<ProductView>
        queryKey={productsKey}
        fetchPage={fetchPage}
        filters={filters}
        columns={columns}
        searchPlaceholder={t('list.search')}
        onRowClick={(row) => navigate(productPath(row))}
        excel={{ fileName: t('list.excelFile'), title, columns: excel }}
        emptyText={filtered ? t('list.emptyFiltered') : t('list.empty')}
        gridProps={{ getRowHeight: () => 'auto' }}
        toolbar={
          <>
            <ItemsSelect
              width={190}
              label={t('filters.status')}
              value={status}
              onChange={(v) => setStatus(v as typeof status)}
              items={[
                ['none', t('filters.all')],
                ['true', t('filters.activeOnly')],
                ['false', t('filters.inactiveOnly')],
              ]}
              testId="filter-status"
            />
            {!info && (
              <ItemsSelect
                width={190}
                label={t('filters.kind')}
                value={kind}
                onChange={(v) => setKind(v as typeof kind)}
                items={[['none', t('filters.allKinds')], ...PRODUCT_KINDS.map((k) => [k, t(`kind.${k}`)] as [string, string])]}
                testId="filter-kind"
              />
            )}
            {typeChoices.length > 1 && (
              <ItemsSelect
                width={190}
                label={t('filters.savingType')}
                value={savingType}
                onChange={setSavingType}
                items={[['none', t('filters.allSavingTypes')], ...typeChoices.map((s) => [s, t(`savingType.${s}`)] as [string, string])]}
                testId="filter-saving-type"
              />
            )}
            {filtered && (
              <Tooltip title={t('filters.clear')}>
                <IconButton
                  onClick={() => {
                    setStatus('none');
                    setKind('none');
                    setSavingType('none');
                  }}
                  aria-label={t('filters.clear')}
                >
                  <FilterAltOffOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </>
        }
      />
    </>
  );
}
