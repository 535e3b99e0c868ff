/**
 * Simpanan per produk (report/saving-product): accounts, members and balance
 * of every saving product on a day, and each control account's member
 * balances beside its balance in the ledger (a difference is shown, never
 * hidden).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format';
import { sumMoney } from '../../../../lib/money';
import type { SavingProductReport } from '../../lib/types';
import { Money } from '../Cells';
import { Figures } from '../ReportShell';
import { type Column, ReportTable } from '../ReportTable';

type ProductRow = SavingProductReport['products'][number];
type ControlRow = SavingProductReport['controls'][number];

function Block({ title, children, print }: { title: string; children: ReactNode; print?: boolean }) {
  const content = (
    <>
      <Typography sx={{ fontWeight: 600, fontSize: print ? '0.9rem' : '1rem', mb: 1.5, px: print ? 0 : 0.5 }}>{title}</Typography>
      {children}
    </>
  );
  return print ? <Box sx={{ mb: 3 }}>{content}</Box> : <Card sx={{ p: { xs: 1.5, md: 2 }, mb: 3 }}>{content}</Card>;
}

export function ProductsBody({ data, print }: { data: SavingProductReport; print?: boolean }) {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const accounts = data.products.reduce((s, p) => s + p.accounts, 0);
  const products: Column<ProductRow>[] = [
    { key: 'code', header: t('col.code'), nowrap: true, render: (r) => r.code },
    { key: 'name', header: t('col.product'), minWidth: 180, render: (r) => r.name },
    { key: 'type', header: t('col.savingType'), render: (r) => t(`savingType.${r.savingType}`, { defaultValue: r.savingType }) },
    {
      key: 'control',
      header: t('col.controlAccount'),
      render: (r) => (r.controlAccount ? `${r.controlAccount.code} · ${r.controlAccount.name}` : '-'),
    },
    { key: 'accounts', header: t('col.accounts'), align: 'right', render: (r) => f.number(r.accounts) },
    { key: 'members', header: t('col.members'), align: 'right', render: (r) => f.number(r.members) },
    { key: 'balance', header: t('col.balance'), align: 'right', render: (r) => <Money value={r.balance} /> },
  ];
  const controls: Column<ControlRow>[] = [
    { key: 'account', header: t('col.coa'), minWidth: 200, render: (r) => `${r.code} · ${r.name}` },
    { key: 'products', header: t('col.products'), render: (r) => r.products.join(', ') },
    { key: 'members', header: t('col.memberBalances'), align: 'right', render: (r) => <Money value={r.memberBalances} /> },
    { key: 'ledger', header: t('col.ledgerBalance'), align: 'right', render: (r) => <Money value={r.ledgerBalance} /> },
    {
      key: 'difference',
      header: t('col.difference'),
      align: 'right',
      render: (r) => (
        <Box component="span" sx={{ color: r.reconciled ? 'success.main' : 'error.main', fontWeight: 600 }} data-testid={`diff-${r.code}`}>
          {r.reconciled ? t('reconciled') : f.money(r.difference)}
        </Box>
      ),
    },
  ];
  return (
    <>
      {
        <Figures
          print={print}
          items={[
            { label: t('fig.asOf'), value: f.date(data.asOf, 'long') },
            { label: t('fig.products'), value: f.number(data.products.length) },
            { label: t('fig.accounts'), value: f.number(accounts) },
            { label: t('fig.totalBalance'), value: f.money(data.totalBalance), testId: 'fig-total-balance' },
          ]}
        />
      }
      <Block title={t('products.byProduct')} print={print}>
        <ReportTable
          testId="report-products"
          columns={products}
          rows={data.products}
          rowKey={(r) => r.productId}
          print={print}
          footer={{ code: t('col.total'), accounts: f.number(accounts), balance: <Money value={data.totalBalance} strong /> }}
        />
      </Block>
      <Block title={t('products.reconciliation')} print={print}>
        {!print && (
          <Alert
            severity={data.reconciled ? 'success' : 'error'}
            sx={{ mb: 2 }}
            data-testid={data.reconciled ? 'reconciled' : 'not-reconciled'}
          >
            {data.reconciled ? t('products.reconciledAll') : t('products.notReconciled')}
          </Alert>
        )}
        <ReportTable
          testId="report-controls"
          columns={controls}
          rows={data.controls}
          rowKey={(r) => r.coaId}
          print={print}
          footer={{
            account: t('col.total'),
            members: <Money value={sumMoney(data.controls.map((c) => c.memberBalances))} strong />,
            ledger: <Money value={sumMoney(data.controls.map((c) => c.ledgerBalance))} strong />,
          }}
        />
      </Block>
    </>
  );
}
