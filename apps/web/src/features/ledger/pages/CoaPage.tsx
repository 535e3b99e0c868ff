/**
 * Pengaturan kode COA: the chart of accounts as a tree (code, name, type,
 * normal balance, postable or header, active, balance) with search, type
 * filter, inactive accounts on demand, expand and collapse; add a top-level
 * or child account, edit, activate or deactivate, delete when the server
 * allows it (its message says why not), adjust a balance, open the
 * mutations. Actions follow the role's rights.
 */
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AddRounded from '@mui/icons-material/AddRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ExportExcelButton } from '../../../components/ExportExcelButton';
import type { ExcelColumn } from '../../../components/excel';
import { MoneyText } from '../../../components/money/MoneyText';
import { PageHeader } from '../../../components/PageHeader';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useDeleteAccount } from '../api/deleteAccount';
import { useAccounts } from '../api/listAccounts';
import { useUpdateAccount } from '../api/updateAccount';
import { type AccountDialogMode, AccountFormDialog } from '../components/AccountFormDialog';
import { AdjustBalanceDialog } from '../components/AdjustBalanceDialog';
import { CoaMenu } from '../components/CoaMenu';
import { CoaToolbar } from '../components/CoaToolbar';
import { headerIds, suggestChildCode, visibleRows } from '../lib/tree';
import type { AdjustBalanceResult, CoaAccount } from '../lib/types';

function flatten(roots: CoaAccount[]): CoaAccount[] {
  const out: CoaAccount[] = [];
  const walk = (a: CoaAccount) => {
    out.push(a);
    for (const c of a.children ?? []) walk(c);
  };
  for (const r of roots) walk(r);
  return out;
}

/** The top two levels open at first. */
function firstOpen(roots: CoaAccount[]): Set<string> {
  return new Set(
    flatten(roots)
      .filter((a) => a.level < 1 && a.hasChildren)
      .map((a) => a.id),
  );
}

/** The Excel export: every account, indented by level. */
function coaExcelColumns(t: ReturnType<typeof useTranslation<['ledger', 'common']>>['t']): ExcelColumn<CoaAccount>[] {
  return [
    { header: t('col.code'), value: 'code', width: 14 },
    { header: t('col.accountName'), value: (a) => `${'   '.repeat(a.level)}${a.name}`, width: 44 },
    { header: t('col.type'), value: (a) => t(`type.${a.type}`), width: 14 },
    { header: t('col.normalBalance'), value: (a) => t(`normal.${a.normalBalance}`), width: 14 },
    { header: t('coa.kind'), value: (a) => (a.isPostable ? t('coa.postable') : t('coa.header')), width: 14 },
    { header: t('coa.active'), value: (a) => (a.isActive ? t('coa.yes') : t('coa.no')), width: 10 },
    { header: t('col.balance'), value: 'balance', type: 'money', width: 20 },
  ];
}

/** The tree as a table (or why there is nothing to show). */
function CoaTree({
  tree,
  rows,
  searching,
  canMutation,
  onToggle,
  onMenu,
}: {
  tree: ReturnType<typeof useAccounts>;
  rows: ReturnType<typeof visibleRows>;
  searching: boolean;
  canMutation: boolean;
  onToggle: (id: string) => void;
  onMenu: (anchor: HTMLElement, account: CoaAccount) => void;
}) {
  return tree.isError ? (
    <EmptyState kind="loadFailed" onRetry={() => void tree.refetch()} />
  ) : tree.isLoading ? (
    <Box sx={{ px: 2.5, pb: 2.5 }}>
      <Skeleton variant="rounded" height={360} />
    </Box>
  ) : rows.length === 0 ? (
    <EmptyState kind={searching ? 'noRecord' : 'noData'} />
  ) : (
    <TableContainer>
      <Table size="small" sx={{ minWidth: 980 }} data-testid="coa-tree">
        <CoaTableHead />
        <TableBody>
          {rows.map((r) => (
            <CoaRow key={r.account.id} row={r} canMutation={canMutation} onToggle={onToggle} onMenu={onMenu} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export default function CoaPage() {
  const { t } = useTranslation(['ledger', 'common']);
  const navigate = useNavigate();
  const { can } = useAuth();
  const tree = useAccounts({ tree: true });
  const update = useUpdateAccount();
  const remove = useDeleteAccount();
  const { confirm, dialog } = useConfirm();
  const [search, setSearch] = useState('');
  const [type, setType] = useState('none');
  const [showInactive, setShowInactive] = useState(false);
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; account: CoaAccount } | null>(null);
  const [formState, setFormState] = useState<AccountDialogMode | null>(null);
  const [adjusting, setAdjusting] = useState<CoaAccount | null>(null);
  const [adjusted, setAdjusted] = useState<AdjustBalanceResult | null>(null);
  const roots = tree.data ?? [];
  const open = useMemo(() => expanded ?? firstOpen(roots), [expanded, roots]);
  const rows = useMemo(
    () => visibleRows(roots, open, { search, type: type === 'none' ? null : type, showInactive }),
    [roots, open, search, type, showInactive],
  );
  const flat = useMemo(() => flatten(roots), [roots]);
  const canAdd = can('settings', 'add');
  const canUpdate = can('settings', 'update');
  const canDelete = can('settings', 'delete');
  const canAdjust = can('general_journal', 'add');
  const canMutation = can('cash_bank', 'view');

  const toggle = (id: string) => {
    const next = new Set(open);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };

  const onActivate = async (a: CoaAccount) => {
    const deactivate = a.isActive;
    const ok = await confirm({
      title: deactivate ? t('coa.deactivateTitle', { code: a.code }) : t('coa.activateTitle', { code: a.code }),
      message: deactivate ? t('coa.deactivateExplain') : t('coa.activateExplain'),
      confirmLabel: deactivate ? t('coa.deactivate') : t('coa.activate'),
      destructive: deactivate,
    });
    if (ok) update.mutate({ id: a.id, isActive: !deactivate });
  };

  const onDelete = async (a: CoaAccount) => {
    const ok = await confirm({
      title: t('coa.deleteTitle', { code: a.code }),
      message: t('coa.deleteExplain', { code: a.code, name: a.name }),
      confirmLabel: t('coa.delete'),
      destructive: true,
    });
    if (ok) remove.mutate(a.id);
  };

  return (
    <>
      <PageHeader
        title={t('common:nav.settings.coa')}
        subtitle={t('coa.subtitle')}
        breadcrumbs={[{ label: t('common:nav.settings.title') }, { label: t('common:nav.settings.coa') }]}
        actions={
          <>
            <ExportExcelButton fileName="kode-coa" title={t('common:nav.settings.coa')} rows={flat} columns={coaExcelColumns(t)} />
            {canAdd && (
              <Button
                variant="contained"
                startIcon={<AddRounded />}
                onClick={() => setFormState({ mode: 'create', parent: null })}
                data-testid="coa-add"
              >
                {t('coa.add')}
              </Button>
            )}
          </>
        }
      />
      {adjusted && (
        <Alert severity="success" sx={{ mb: 3 }} onClose={() => setAdjusted(null)} data-testid="adjust-result">
          {t('adjust.done')}{' '}
          <Link component={RouterLink} to={`/journal/general/${adjusted.journal.id}`} sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
            {adjusted.journal.number}
          </Link>
        </Alert>
      )}
      {(remove.isError || update.isError) && (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          onClose={() => {
            remove.reset();
            update.reset();
          }}
          data-testid="coa-error"
        >
          {remove.error?.message ?? update.error?.message}
        </Alert>
      )}
      <Card>
        <CoaToolbar
          search={search}
          onSearch={setSearch}
          type={type}
          onType={setType}
          showInactive={showInactive}
          onShowInactive={setShowInactive}
          onExpandAll={() => setExpanded(new Set(headerIds(roots)))}
          onCollapseAll={() => setExpanded(new Set())}
        />
        <CoaTree
          tree={tree}
          rows={rows}
          searching={Boolean(search)}
          canMutation={canMutation}
          onToggle={toggle}
          onMenu={(anchor, account) => setMenu({ anchor, account })}
        />
      </Card>
      <CoaMenu
        menu={menu}
        onClose={() => setMenu(null)}
        rights={{ canAdd, canUpdate, canDelete, canAdjust, canMutation }}
        onAddChild={(a) => setFormState({ mode: 'create', parent: a, suggestedCode: suggestChildCode(a) })}
        onMutation={(a) => navigate(`/settings/coa/${a.id}`)}
        onAdjust={setAdjusting}
        onEdit={(a) => setFormState({ mode: 'edit', account: a })}
        onActivate={onActivate}
        onDelete={onDelete}
      />
      {formState && <AccountFormDialog state={formState} onClose={() => setFormState(null)} />}
      {adjusting && <AdjustBalanceDialog account={adjusting} onClose={() => setAdjusting(null)} onDone={setAdjusted} />}
      {dialog}
    </>
  );
}

const head = {
  fontWeight: 600,
  fontSize: '0.75rem',
  textTransform: 'uppercase' as const,
  color: 'text.secondary',
  whiteSpace: 'nowrap' as const,
};

function CoaTableHead() {
  const { t } = useTranslation(['ledger', 'common']);
  return (
    <TableHead>
      <TableRow sx={{ bgcolor: 'action.hover' }}>
        <TableCell sx={{ ...head, width: 200 }}>{t('col.code')}</TableCell>
        <TableCell sx={head}>{t('col.accountName')}</TableCell>
        <TableCell sx={{ ...head, width: 110 }}>{t('col.type')}</TableCell>
        <TableCell sx={{ ...head, width: 110 }}>{t('col.normalBalance')}</TableCell>
        <TableCell sx={{ ...head, width: 110 }}>{t('coa.kind')}</TableCell>
        <TableCell sx={{ ...head, width: 90 }}>{t('coa.active')}</TableCell>
        <TableCell sx={{ ...head, width: 170 }} align="right">
          {t('col.balance')}
        </TableCell>
        <TableCell sx={{ width: 56 }} />
      </TableRow>
    </TableHead>
  );
}

/** One account of the tree: expand/collapse, its facts, its actions menu button. */
function CoaRow({
  row: { account: a, depth, expandable, expanded: isOpen },
  canMutation,
  onToggle,
  onMenu,
}: {
  row: ReturnType<typeof visibleRows>[number];
  canMutation: boolean;
  onToggle: (id: string) => void;
  onMenu: (anchor: HTMLElement, account: CoaAccount) => void;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const navigate = useNavigate();
  return (
    <TableRow
      hover
      data-testid={`coa-row-${a.code}`}
      sx={{
        '& td': { fontSize: '0.8125rem' },
        opacity: a.isActive ? 1 : 0.55,
        cursor: a.isPostable && canMutation ? 'pointer' : 'default',
      }}
      onClick={() => a.isPostable && canMutation && navigate(`/settings/coa/${a.id}`)}
    >
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2.25 }}>
          {expandable ? (
            <IconButton
              size="small"
              onClick={(e) => {
                e.stopPropagation();
                onToggle(a.id);
              }}
              aria-label={isOpen ? t('coa.collapse', { code: a.code }) : t('coa.expand', { code: a.code })}
              aria-expanded={isOpen}
              sx={{ mr: 0.5 }}
            >
              {isOpen ? <ExpandMoreRounded fontSize="small" /> : <ChevronRightRounded fontSize="small" />}
            </IconButton>
          ) : (
            <Box sx={{ width: 34 }} />
          )}
          <Typography component="span" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem', fontWeight: a.isPostable ? 400 : 700 }}>
            {a.code}
          </Typography>
        </Box>
      </TableCell>
      <TableCell sx={{ fontWeight: a.isPostable ? 400 : 600 }}>
        {a.name}
        {a.systemKey && (
          <Typography component="span" sx={{ ml: 1, fontSize: '0.6875rem', color: 'text.secondary' }}>
            ({t('coa.system')})
          </Typography>
        )}
        {a.cashKind && (
          <Chip
            size="small"
            variant="outlined"
            color={a.cashKind === 'CASH' ? 'success' : 'info'}
            label={t(`cashKind.${a.cashKind}`)}
            sx={{ ml: 1, height: 20, fontSize: '0.6875rem' }}
            data-testid={`cash-kind-${a.code}`}
          />
        )}
      </TableCell>
      <TableCell>{t(`type.${a.type}`)}</TableCell>
      <TableCell>{t(`normal.${a.normalBalance}`)}</TableCell>
      <TableCell>
        <Chip
          size="small"
          variant="outlined"
          color={a.isPostable ? 'primary' : 'default'}
          icon={a.isPostable ? <ReceiptLongOutlined /> : <AccountTreeOutlined />}
          label={a.isPostable ? t('coa.postable') : t('coa.header')}
        />
      </TableCell>
      <TableCell>
        <Chip size="small" color={a.isActive ? 'success' : 'default'} label={a.isActive ? t('coa.activeYes') : t('coa.activeNo')} />
      </TableCell>
      <TableCell align="right" sx={{ fontWeight: a.isPostable ? 400 : 600 }}>
        <MoneyText value={a.balance} colorNegative />
      </TableCell>
      <TableCell align="right" onClick={(e) => e.stopPropagation()}>
        <IconButton
          size="small"
          onClick={(e) => onMenu(e.currentTarget, a)}
          aria-label={t('coa.actionsOf', { code: a.code })}
          data-testid={`coa-actions-${a.code}`}
        >
          <MoreVertRounded fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
