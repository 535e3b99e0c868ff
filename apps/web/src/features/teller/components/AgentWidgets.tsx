/**
 * The agent's dashboard (/dashboard-agent): the assigned cash account with
 * today's collections on it, the members looked after (GET member/assign-to-me,
 * limit 1000) and the agent's own latest transactions (GET
 * transaction/datatable-by-me, limit 1000). Members due to pay are the savings
 * feature's mandatory-arrears widget, already agent-scoped by the server.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { MoneyText } from '../../../components/money/MoneyText';
import { useFormat } from '../../../lib/format';
import { errorMessage } from '../../../lib/notify';
import { useAgentSummary, useAssignedMembers, useMyTransactions } from '../api/teller';

function Shell({ title, subheader, testId, children }: { title: string; subheader?: string; testId: string; children: React.ReactNode }) {
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardHeader title={title} subheader={subheader} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

export function AgentTodayWidget() {
  const { t } = useTranslation('teller');
  const f = useFormat();
  const q = useAgentSummary();
  const d = q.data;
  return (
    <Shell title={t('agent.today')} subheader={d ? f.date(d.date, 'weekday') : undefined} testId="widget-agent-today">
      {q.isError && <Alert severity="error">{`${t('agent.errorCoa')}: ${errorMessage(q.error)}`}</Alert>}
      {!d && !q.isError && <Skeleton variant="rounded" height={120} />}
      {d && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, gap: 2 }}>
          <Stat
            label={d.coa ? `${d.coa.code} ${d.coa.name}` : t('agent.noCoa')}
            value={d.coa ? <MoneyText value={d.coa.balance} /> : '-'}
          />
          <Stat label={t('agent.collected')} value={<MoneyText value={d.todayCollections.cashIn} />} testId="agent-collected" />
          <Stat label={t('agent.membersServed')} value={f.number(d.today.membersServed)} />
          <Stat label={t('agent.transactions')} value={f.number(d.today.transactions)} />
        </Box>
      )}
    </Shell>
  );
}

function Stat({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" noWrap component="div">
        {label}
      </Typography>
      <Typography variant="h6" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

export function AgentMembersWidget() {
  const { t } = useTranslation('teller');
  const q = useAssignedMembers();
  const rows = q.data?.content ?? [];
  return (
    <Shell
      title={t('agent.members')}
      subheader={q.data ? t('agent.membersCount', { count: q.data.totalElements }) : undefined}
      testId="widget-agent-members"
    >
      {q.isError && <Alert severity="error">{errorMessage(q.error)}</Alert>}
      {q.data && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('agent.noMembers')}
        </Typography>
      )}
      <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
        {rows.map((m) => (
          <ListItem key={m.id} disableGutters data-testid="agent-member-row">
            <ListItemText primary={m.fullName} secondary={[m.cifNumber, m.phone].filter(Boolean).join(' · ')} />
          </ListItem>
        ))}
      </List>
    </Shell>
  );
}

export function AgentLatestWidget() {
  const { t } = useTranslation('teller');
  const f = useFormat();
  const q = useMyTransactions();
  const rows = q.data?.content ?? [];
  return (
    <Shell title={t('agent.latest')} testId="widget-agent-latest">
      {q.isError && <Alert severity="error">{`${t('agent.errorLast')}: ${errorMessage(q.error)}`}</Alert>}
      {q.data && rows.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('agent.noTransactions')}
        </Typography>
      )}
      <List dense sx={{ maxHeight: 320, overflowY: 'auto' }}>
        {rows.map((r) => (
          <ListItem key={r.id} disableGutters secondaryAction={<MoneyText value={r.signedAmount} colorNegative />}>
            <ListItemText primary={r.memberName} secondary={`${f.date(r.createdAt, 'dateTime')} · ${r.code}`} />
          </ListItem>
        ))}
      </List>
    </Shell>
  );
}
