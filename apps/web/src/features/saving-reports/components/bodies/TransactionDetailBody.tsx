/**
 * One transaction (report/transactions/{id}/detail): what happened, to whose
 * account, by whom and through which cash account; every leg of the
 * operation (both sides of a transfer, a closing's fee and payout), its
 * cancellation and reversal, and the journal lines it posted.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../../lib/format';
import { sumMoney } from '../../../../lib/money';
import type { Transaction, TransactionDetail } from '../../lib/types';
import { Money, StatusChip } from '../Cells';
import { type Column, ReportTable } from '../ReportTable';

type Line = TransactionDetail['journals'][number]['lines'][number];

function Pair({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography component="dt" sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: '0.875rem', fontWeight: 600, wordBreak: 'break-word' }} data-testid={testId}>
        {children}
      </Typography>
    </Box>
  );
}

function Frame({ title, children, print }: { title: string; children: ReactNode; print?: boolean }) {
  return print ? (
    <Box sx={{ mb: 2.5 }}>
      <Typography sx={{ fontWeight: 600, fontSize: '0.9rem', mb: 1 }}>{title}</Typography>
      {children}
    </Box>
  ) : (
    <Card sx={{ p: { xs: 2, md: 3 }, mb: 3 }}>
      <Typography sx={{ fontWeight: 600, mb: 2 }}>{title}</Typography>
      {children}
    </Card>
  );
}

export function TransactionDetailBody({ data, print }: { data: TransactionDetail; print?: boolean }) {
  const { t } = useTranslation('saving-reports');
  const f = useFormat();
  const legs: Column<Transaction>[] = [
    { key: 'code', header: t('col.txCode'), nowrap: true, render: (r) => r.code },
    { key: 'account', header: t('col.account'), render: (r) => `${r.productName}${r.accountNumber ? ` · ${r.accountNumber}` : ''}` },
    { key: 'member', header: t('col.member'), render: (r) => `${r.memberName} (${r.cifNumber})` },
    { key: 'activity', header: t('col.activity'), render: (r) => t(`activity.${r.activity}`, { defaultValue: r.activity }) },
    { key: 'amount', header: t('col.amount'), align: 'right', render: (r) => <Money value={r.signedAmount} signed /> },
    { key: 'balanceAfter', header: t('col.balanceAfter'), align: 'right', render: (r) => <Money value={r.balanceAfter} /> },
    {
      key: 'status',
      header: t('col.status'),
      render: (r) => <StatusChip value={r.isReversal ? 'REVERSAL' : r.status} group="tx" print={print} />,
    },
  ];
  const lines: Column<Line>[] = [
    { key: 'coa', header: t('col.coa'), render: (r) => `${r.coaCode} · ${r.coaName}` },
    { key: 'debit', header: t('col.debit'), align: 'right', render: (r) => (r.debit ? <Money value={r.debit} /> : '') },
    { key: 'credit', header: t('col.credit'), align: 'right', render: (r) => (r.credit ? <Money value={r.credit} /> : '') },
  ];
  return (
    <Box data-testid="transaction-detail">
      {data.status === 'CANCELLED' && (
        <Alert severity="warning" sx={{ mb: 3 }} data-testid="tx-cancelled">
          {t('detail.cancelled', {
            at: f.date(data.cancelledAt, 'dateTime'),
            reason: data.cancelReason ?? '-',
            code: data.reversal?.code ?? '-',
          })}
        </Alert>
      )}
      {data.isReversal && (
        <Alert severity="info" sx={{ mb: 3 }}>
          {t('detail.isReversal')}
        </Alert>
      )}
      <Frame print={print} title={t('detail.summary')}>
        <Box
          component="dl"
          sx={{
            m: 0,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
            gap: 2,
          }}
        >
          <Pair label={t('col.txCode')} testId="tx-code">
            {data.code}
          </Pair>
          <Pair label={t('col.date')}>{f.date(data.transactionDate, 'long')}</Pair>
          <Pair label={t('detail.recordedAt')}>{f.date(data.createdAt, 'dateTime')}</Pair>
          <Pair label={t('col.status')}>
            <StatusChip value={data.isReversal ? 'REVERSAL' : data.status} group="tx" print={print} />
          </Pair>
          <Pair label={t('col.member')} testId="tx-member">
            {data.memberName} ({data.cifNumber})
          </Pair>
          <Pair label={t('col.account')}>
            {data.productName}
            {data.accountNumber ? ` · ${data.accountNumber}` : ''}
          </Pair>
          <Pair label={t('col.activity')}>{data.activityLabel}</Pair>
          <Pair label={t('col.txKind')}>{t(`txKind.${data.kind}`, { defaultValue: data.kind })}</Pair>
          <Pair label={t('col.amount')} testId="tx-amount">
            {f.money(data.amount)}
          </Pair>
          <Pair label={t('col.balanceAfter')}>{f.money(data.balanceAfter)}</Pair>
          <Pair label={t('col.channel')}>{t(`channel.${data.channel}`, { defaultValue: data.channel })}</Pair>
          <Pair label={t('col.cashAccount')}>{data.cashCoa ? `${data.cashCoa.code} · ${data.cashCoa.name}` : '-'}</Pair>
          <Pair label={t('col.teller')}>{data.tellerName ?? '-'}</Pair>
          <Pair label={t('col.journal')}>{data.journalNumber ?? '-'}</Pair>
          <Pair label={t('detail.termsVersion')}>{data.termsVersion ? `v${data.termsVersion}` : '-'}</Pair>
          {data.description && <Pair label={t('col.description')}>{data.description}</Pair>}
        </Box>
      </Frame>
      <Frame print={print} title={t('detail.operation')}>
        <ReportTable
          testId="tx-legs"
          columns={legs}
          rows={[...data.operation, ...(data.reversal ? [data.reversal] : [])]}
          rowKey={(r) => r.id}
          print={print}
        />
      </Frame>
      {data.journals.map((j) => (
        <Frame key={j.id} print={print} title={t('detail.journal', { number: j.number ?? '-', date: f.date(j.date, 'long') })}>
          <ReportTable
            testId="tx-journal"
            columns={lines}
            rows={j.lines}
            rowKey={(r) => String(r.lineNo)}
            print={print}
            minWidth={480}
            footer={{
              coa: t('col.total'),
              debit: <Money value={sumMoney(j.lines.map((l) => l.debit))} strong />,
              credit: <Money value={sumMoney(j.lines.map((l) => l.credit))} strong />,
            }}
          />
        </Frame>
      ))}
    </Box>
  );
}
