/**
 * Anggota Keluar (/members/exit, ?memberId=): pick a member, run the exit
 * check (what blocks the exit — open loans, unpaid bills, blocked savings —
 * and what is settled: savings, deposits and equity returned, with amounts),
 * then confirm the exit (date, reason, the cash or bank account paying out).
 * The confirmation is refused while anything blocks and asks once more
 * before ending the membership for good.
 */
import type { MemberListItem } from '@koperasi/contracts/members';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Grid from '@mui/material/Grid';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { DateField } from '../../../components/dates/DateField';
import { EmptyState } from '../../../components/EmptyState';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useFormat } from '../../../lib/format';
import { uuid } from '../../../lib/id';
import { useCashAccounts } from '../api/cashAccounts';
import { useExitCheck } from '../api/exitCheck';
import { type ExitResult, useExitConfirm } from '../api/exitConfirm';
import { useMember } from '../api/getMember';
import { MemberStatusChip, MemberTypeChip } from '../components/MemberChips';
import { MemberPicker } from '../components/MemberPicker';
import { SectionCard } from '../components/SectionCard';
import { todayWib } from '../lib/dates';

interface Item {
  module: string;
  kind: string;
  id: string | null;
  label: string;
  amount: number | null;
  message: string;
}

function ItemsTable({ items, total, testId }: { items: Item[]; total?: number; testId: string }) {
  const { t } = useTranslation('members');
  return (
    <Table size="small" data-testid={testId}>
      <TableHead>
        <TableRow>
          <TableCell>{t('exit.item')}</TableCell>
          <TableCell>{t('exit.kind')}</TableCell>
          <TableCell align="right">{t('exit.amount')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((i) => (
          <TableRow key={`${i.module}-${i.kind}-${i.id ?? i.label}`}>
            <TableCell>
              <Typography sx={{ fontSize: '0.8125rem', fontWeight: 500 }}>{i.label}</Typography>
              {i.message && i.message !== i.label && (
                <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>{i.message}</Typography>
              )}
            </TableCell>
            <TableCell>{t(`exit.kinds.${i.kind}`, { defaultValue: i.kind })}</TableCell>
            <TableCell align="right">{i.amount === null ? '-' : <MoneyText value={i.amount} />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
      {total !== undefined && (
        <TableFooter>
          <TableRow>
            <TableCell colSpan={2} sx={{ fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' }}>
              {t('exit.total')}
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' }} data-testid="exit-total">
              <MoneyText value={total} />
            </TableCell>
          </TableRow>
        </TableFooter>
      )}
    </Table>
  );
}

function Result({ result, onAnother }: { result: ExitResult; onAnother: () => void }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  return (
    <Card sx={{ p: { xs: 3, md: 4 }, textAlign: 'center' }} data-testid="exit-result">
      <CheckCircleRounded sx={{ fontSize: 56, color: 'success.main' }} />
      <Typography variant="h5" sx={{ fontWeight: 600, mt: 1 }}>
        {t('exit.doneTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
        {t('exit.doneText', { name: result.fullName, cif: result.cifNumber, date: f.date(result.exitDate, 'long') })}
      </Typography>
      {result.settlement.length > 0 && (
        <Box sx={{ maxWidth: 640, mx: 'auto', mb: 3, textAlign: 'start' }}>
          <ItemsTable items={result.settlement} total={result.settlementTotal} testId="exit-result-settlement" />
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" component={Link} to={`/members/${result.memberId}`}>
          {t('exit.openMember')}
        </Button>
        <Button variant="contained" onClick={onAnother}>
          {t('exit.another')}
        </Button>
      </Box>
    </Card>
  );
}

type MemberView = NonNullable<ReturnType<typeof useMember>['data']>;

function PickedMember({ m }: { m: MemberView }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  return (
    <Box sx={{ mt: 2.5, display: 'grid', gap: 1 }} data-testid="exit-member">
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }}>{m.fullName}</Typography>
        <MemberTypeChip type={m.memberType} />
        <MemberStatusChip status={m.status} />
      </Box>
      <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
        {t('fields.cifNumber')} {m.cifNumber}
        {m.joinDate ? ` · ${t('detail.joined', { date: f.date(m.joinDate, 'long') })}` : ''}
      </Typography>
    </Box>
  );
}

/** The check's answer: what blocks the exit, and what would be settled. */
function CheckPanel({
  memberId,
  member,
  exitable,
  check,
}: {
  memberId: string | null;
  member: ReturnType<typeof useMember>;
  exitable: boolean;
  check: ReturnType<typeof useExitCheck>;
}) {
  const { t } = useTranslation('members');
  const f = useFormat();
  const m = member.data;
  const c = check.data;
  return !memberId ? (
    <EmptyState kind="noData" title={t('exit.noMember')} description={t('exit.noMemberHint')} compact />
  ) : member.isPending || (exitable && check.isPending) ? (
    <LinearProgress />
  ) : !m ? (
    <EmptyState kind={member.isError ? 'notFound' : 'noData'} compact />
  ) : !exitable ? (
    <Alert severity="info" variant="outlined" data-testid="exit-not-possible">
      {m.status === 'EXITED' ? t('exit.alreadyExited', { date: f.date(m.exitDate, 'long') }) : t('exit.notExitable')}
    </Alert>
  ) : check.isError || !c ? (
    <EmptyState kind="loadFailed" compact onRetry={() => void check.refetch()} />
  ) : (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="exit-check">
      {c.canExit ? (
        <Alert severity="success" variant="outlined" data-testid="exit-can">
          {t('exit.canExit')}
        </Alert>
      ) : (
        <Alert severity="error" variant="outlined" icon={<BlockOutlined />} data-testid="exit-blocked">
          {t('exit.blocked', { count: c.blocking.length })}
        </Alert>
      )}
      {c.blocking.length > 0 && (
        <Box>
          <Typography sx={{ fontWeight: 600, mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
            <BlockOutlined fontSize="small" color="error" /> {t('exit.blocking')}
          </Typography>
          <ItemsTable items={c.blocking} testId="exit-blocking" />
        </Box>
      )}
      <Box>
        <Typography sx={{ fontWeight: 600, mb: 1, display: 'flex', alignItems: 'center', gap: 1 }}>
          <PaymentsOutlined fontSize="small" color="primary" /> {t('exit.settlement')}
        </Typography>
        {c.settlement.length ? (
          <ItemsTable items={c.settlement} total={c.settlementTotal} testId="exit-settlement" />
        ) : (
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>{t('exit.nothingToSettle')}</Typography>
        )}
      </Box>
    </Box>
  );
}

function ConfirmText({ m, exitDate, payout }: { m: MemberView; exitDate: string | null; payout: number }) {
  const { t } = useTranslation('members');
  const f = useFormat();
  return (
    <>
      {t('exit.confirmText', { name: m.fullName, cif: m.cifNumber, date: f.date(exitDate, 'long') })}
      {payout > 0 && (
        <Box component="span" sx={{ display: 'block', mt: 1 }}>
          {t('exit.confirmPayout', { amount: f.money(payout) })}
        </Box>
      )}
    </>
  );
}

function PayoutAccount({
  accounts,
  value,
  onChange,
}: {
  accounts: Array<{ id: string; code: string; name: string }>;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation('members');
  return (
    <TextField
      select
      label={t('exit.cashAccount')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      helperText={t('exit.cashAccountHint')}
    >
      {accounts.map((a) => (
        <MenuItem key={a.id} value={a.id}>
          {a.code} · {a.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export default function ExitPage() {
  const { t } = useTranslation('members');
  const { can } = useAuth();
  const [params, setParams] = useSearchParams();
  const memberId = params.get('memberId');
  const member = useMember(memberId ?? undefined);
  const [picked, setPicked] = useState<MemberListItem | null>(null);
  const confirmExit = useExitConfirm();
  const { confirm, dialog } = useConfirm();
  const [exitDate, setExitDate] = useState<string | null>(todayWib());
  const [reason, setReason] = useState('');
  const [coaId, setCoaId] = useState('');
  const [result, setResult] = useState<ExitResult | null>(null);
  const [exiting, setExiting] = useState(false);
  const m = member.data;
  const exitable = m ? m.status === 'ACTIVE' && m.memberType !== 'PROSPECTIVE' : false;
  // Only an active member is checked; after the exit (or for an exited member) the check would only answer "not active".
  const check = useExitCheck(exitable && !result && !exiting ? memberId : null);
  const c = check.data;
  const needsCash = Boolean(c && c.settlementTotal > 0);
  const cash = useCashAccounts(needsCash);
  const canDelete = can('member', 'delete');
  const dateBad = Boolean(exitDate && m?.joinDate && exitDate < m.joinDate);

  // Default pay-out account: the cash account marked as the main one, else the first.
  useEffect(() => {
    if (!coaId && cash.data?.length) setCoaId((cash.data.find((a) => a.systemKey === 'CASH_MAIN') ?? cash.data[0]!).id);
  }, [cash.data, coaId]);

  const select = (mm: MemberListItem | null) => {
    setPicked(mm);
    setResult(null);
    setReason('');
    setParams(mm ? { memberId: mm.id } : {}, { replace: true });
  };

  const run = async () => {
    if (!m || !c) return;
    const ok = await confirm({
      title: t('exit.confirmTitle'),
      message: <ConfirmText m={m} exitDate={exitDate} payout={c.settlementTotal} />,
      confirmLabel: t('exit.confirm'),
      destructive: true,
    });
    if (!ok) return;
    // The check stops while the exit runs: refreshed afterwards it could only answer "not active".
    setExiting(true);
    const env = await confirmExit
      .mutateAsync({
        body: { memberId: m.id, exitDate, reason: reason.trim() || null, coaId: needsCash ? coaId || null : null },
        idempotencyKey: uuid(),
      })
      .catch(() => null);
    if (env) setResult(env.data);
    setExiting(false);
  };

  return (
    <>
      <PageHeader
        title={t('exit.title')}
        subtitle={t('exit.subtitle')}
        breadcrumbs={[{ label: t('common:nav.member.title'), to: '/members' }, { label: t('exit.title') }]}
      />
      {result ? (
        <Result result={result} onAnother={() => select(null)} />
      ) : (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, lg: 5 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
            <SectionCard icon={<PersonSearchOutlined fontSize="small" />} title={t('exit.pick')} subtitle={t('exit.pickHint')}>
              <MemberPicker
                value={picked ?? (m ? ({ ...m } as MemberListItem) : null)}
                onChange={select}
                filter={(x) => x.memberType !== 'PROSPECTIVE'}
                autoFocus={!memberId}
              />
              {m && <PickedMember m={m} />}
            </SectionCard>
            {m && exitable && c && (
              <SectionCard icon={<LogoutOutlined fontSize="small" />} title={t('exit.confirmSection')}>
                <Box sx={{ display: 'grid', gap: 2.5 }}>
                  <DateField
                    label={t('exit.date')}
                    value={exitDate}
                    onChange={setExitDate}
                    min={m.joinDate ?? undefined}
                    max={todayWib()}
                    error={dateBad}
                    helperText={dateBad ? t('exit.dateBeforeJoin') : undefined}
                  />
                  <TextField
                    label={t('exit.reason')}
                    value={reason}
                    onChange={(e) => setReason(e.target.value)}
                    multiline
                    minRows={2}
                    slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'exit-reason' } }}
                  />
                  {needsCash && <PayoutAccount accounts={cash.data ?? []} value={coaId} onChange={setCoaId} />}
                  {!canDelete && (
                    <Alert severity="info" variant="outlined">
                      {t('exit.noPermission')}
                    </Alert>
                  )}
                  <Button
                    variant="contained"
                    color="error"
                    size="large"
                    startIcon={<LogoutOutlined />}
                    disabled={!c.canExit || !canDelete || dateBad || !exitDate || check.isFetching}
                    loading={confirmExit.isPending}
                    onClick={run}
                    data-testid="exit-confirm"
                  >
                    {t('exit.confirm')}
                  </Button>
                </Box>
              </SectionCard>
            )}
          </Grid>
          <Grid size={{ xs: 12, lg: 7 }}>
            <SectionCard
              icon={<FactCheckOutlined fontSize="small" />}
              title={t('exit.check')}
              action={
                c && (
                  <Button size="small" onClick={() => void check.refetch()} loading={check.isFetching}>
                    {t('exit.recheck')}
                  </Button>
                )
              }
            >
              <CheckPanel memberId={memberId} member={member} exitable={exitable} check={check} />
            </SectionCard>
          </Grid>
        </Grid>
      )}
      {dialog}
    </>
  );
}
