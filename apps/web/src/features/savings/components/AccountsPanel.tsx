/**
 * The member's saving and equity accounts with their balances, each with
 * its actions: Setor, Tarik, Transfer, Mutasi, and in "more" the account's
 * management (close, block or unblock, tag, no interest, auto debit, source
 * of fund). What the role may not do is not shown; what the account cannot
 * do (an equity saving cannot be withdrawn) is disabled with the reason.
 */
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import CallMadeRounded from '@mui/icons-material/CallMadeRounded';
import CallReceivedRounded from '@mui/icons-material/CallReceivedRounded';
import ListAltOutlined from '@mui/icons-material/ListAltOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import SavingsOutlined from '@mui/icons-material/SavingsOutlined';
import SwapHorizRounded from '@mui/icons-material/SwapHorizRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { alpha } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { MoneyText } from '../../../components/money/MoneyText';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { notifyError } from '../../../lib/notify';
import { useSetFlag } from '../api/flags';
import type { SavingAccount } from '../api/types';
import { AccountFlags, AccountStatusChip } from './Chips';

export type AccountAction = 'deposit' | 'withdraw' | 'transfer' | 'close' | 'block' | 'tag';

/** What an account allows, whatever the role. */
export function accountRules(a: SavingAccount) {
  const active = a.status === 'ACTIVE';
  const equity = a.kind === 'SAVING_EQUITY';
  return {
    deposit: active,
    withdraw: active && !equity,
    transfer: active && !equity,
    close: active && (a.savingType === 'VOLUNTARY' || a.savingType === 'PLAN'),
    block: active,
    autoDebit: active && ['MANDATORY', 'PLAN', 'PRINCIPAL'].includes(a.savingType),
    sourceOfFund: active && a.savingType === 'VOLUNTARY' && !a.isSourceOfFund,
    interest: active && !equity,
  };
}

/** Block, tag, interest, auto debit, source of funds, close: the account's less frequent actions. */
function AccountMenu({ account, onAction }: { account: SavingAccount; onAction: (a: AccountAction, acc: SavingAccount) => void }) {
  const { t } = useTranslation('savings');
  const { confirm, dialog } = useConfirm();
  const setFlag = useSetFlag();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const rules = accountRules(account);
  const equity = account.kind === 'SAVING_EQUITY';

  const toggle = async (title: string, message: string, change: Parameters<typeof setFlag.mutateAsync>[0]) => {
    setMenu(null);
    if (!(await confirm({ title, message }))) return;
    await setFlag.mutateAsync(change).catch(notifyError);
  };

  const action = (a: AccountAction) => {
    setMenu(null);
    onAction(a, account);
  };

  return (
    <>
      <IconButton size="small" onClick={(e) => setMenu(e.currentTarget)} aria-label={t('actions.more')} data-testid="action-more">
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem disabled={!rules.block} onClick={() => action('block')} data-testid="menu-block">
          <ListItemText>{account.isBlocked ? t('actions.unblock') : t('actions.block')}</ListItemText>
        </MenuItem>
        <MenuItem disabled={account.status !== 'ACTIVE'} onClick={() => action('tag')} data-testid="menu-tag">
          <ListItemText>{t('actions.tag')}</ListItemText>
        </MenuItem>
        {!equity && (
          <MenuItem
            disabled={!rules.interest}
            data-testid="menu-interest"
            onClick={() =>
              toggle(
                account.isNotGetInterest ? t('flags.interestOnTitle') : t('flags.interestOffTitle'),
                account.isNotGetInterest
                  ? t('flags.interestOnText', { number: account.accountNumber })
                  : t('flags.interestOffText', { number: account.accountNumber }),
                { flag: 'notGetInterest', savingId: account.id, isNotGetInterest: !account.isNotGetInterest },
              )
            }
          >
            <ListItemText>{account.isNotGetInterest ? t('actions.interestOn') : t('actions.interestOff')}</ListItemText>
          </MenuItem>
        )}
        {rules.autoDebit && (
          <MenuItem
            data-testid="menu-auto-debit"
            onClick={() =>
              toggle(
                account.isAutoDebit ? t('flags.autoDebitOffTitle') : t('flags.autoDebitOnTitle'),
                account.isAutoDebit
                  ? t('flags.autoDebitOffText', { number: account.accountNumber })
                  : t('flags.autoDebitOnText', { number: account.accountNumber }),
                { flag: 'autoDebit', savingId: account.id, isAutoDebit: !account.isAutoDebit },
              )
            }
          >
            <ListItemText>{account.isAutoDebit ? t('actions.autoDebitOff') : t('actions.autoDebitOn')}</ListItemText>
          </MenuItem>
        )}
        {rules.sourceOfFund && (
          <MenuItem
            data-testid="menu-source-of-fund"
            onClick={() =>
              toggle(t('flags.sourceOfFundTitle'), t('flags.sourceOfFundText', { number: account.accountNumber }), {
                flag: 'sourceOfFund',
                memberId: account.memberId,
                savingId: account.id,
              })
            }
          >
            <ListItemText>{t('actions.sourceOfFund')}</ListItemText>
          </MenuItem>
        )}
        <Divider />
        <MenuItem disabled={!rules.close} onClick={() => action('close')} sx={{ color: 'error.main' }} data-testid="menu-close">
          <ListItemText>{t('actions.close')}</ListItemText>
        </MenuItem>
      </Menu>
      {dialog}
    </>
  );
}

function AccountRow({ account, onAction }: { account: SavingAccount; onAction: (a: AccountAction, acc: SavingAccount) => void }) {
  const { t } = useTranslation('savings');
  const { can } = useAuth();
  const rules = accountRules(account);
  const canAdd = can('member_transaction', 'add');
  const canUpdate = can('member_transaction', 'update');
  const equity = account.kind === 'SAVING_EQUITY';
  const equityHint = equity ? t('account.equityHint') : '';

  const action = (a: AccountAction) => onAction(a, account);

  return (
    <Box
      sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', py: 2, px: { xs: 2, md: 2.5 } }}
      data-testid="account-row"
      data-account={account.accountNumber}
    >
      <Box
        sx={(th) => ({
          width: 40,
          height: 40,
          borderRadius: 2,
          display: 'grid',
          placeItems: 'center',
          flexShrink: 0,
          color: equity ? 'secondary.main' : 'primary.main',
          bgcolor: alpha(equity ? th.palette.secondary.main : th.palette.primary.main, 0.12),
        })}
      >
        {equity ? <AccountBalanceWalletOutlined fontSize="small" /> : <SavingsOutlined fontSize="small" />}
      </Box>
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, fontSize: '0.9375rem' }} noWrap>
          {account.productName}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
          <Typography sx={{ fontSize: '0.8125rem', color: 'text.secondary', fontFamily: 'monospace', mr: 0.5 }}>
            {account.accountNumber}
          </Typography>
          {account.status !== 'ACTIVE' && <AccountStatusChip status={account.status} />}
          <AccountFlags account={account} />
        </Box>
      </Box>
      <Box sx={{ textAlign: { xs: 'start', sm: 'end' }, minWidth: 150, flex: { xs: '1 1 100%', sm: '0 0 auto' }, pl: { xs: 7, sm: 0 } }}>
        <Typography sx={{ fontWeight: 700, fontSize: '1.0625rem' }} data-testid="account-balance">
          <MoneyText value={account.balance} />
        </Typography>
        <Typography sx={{ fontSize: '0.75rem', color: 'text.secondary' }} data-testid="account-available">
          {equity ? (
            t('account.equity')
          ) : (
            <>
              {t('account.available')}: <MoneyText value={account.availableBalance} />
            </>
          )}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', gap: 0.75, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        {canAdd && (
          <>
            <Button
              size="small"
              variant="contained"
              startIcon={<CallReceivedRounded />}
              disabled={!rules.deposit}
              onClick={() => action('deposit')}
              data-testid="action-deposit"
            >
              {t('actions.deposit')}
            </Button>
            <Tooltip title={!rules.withdraw ? equityHint : ''}>
              <span>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<CallMadeRounded />}
                  disabled={!rules.withdraw}
                  onClick={() => action('withdraw')}
                  data-testid="action-withdraw"
                >
                  {t('actions.withdraw')}
                </Button>
              </span>
            </Tooltip>
            <Tooltip title={!rules.transfer ? equityHint : ''}>
              <span>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<SwapHorizRounded />}
                  disabled={!rules.transfer}
                  onClick={() => action('transfer')}
                  data-testid="action-transfer"
                >
                  {t('actions.transfer')}
                </Button>
              </span>
            </Tooltip>
          </>
        )}
        <Tooltip title={t('actions.mutations')}>
          <IconButton
            size="small"
            component={RouterLink}
            to={`/transactions/savings/accounts/${account.id}`}
            aria-label={t('actions.mutations')}
            data-testid="action-mutations"
          >
            <ListAltOutlined fontSize="small" />
          </IconButton>
        </Tooltip>
        {canUpdate && <AccountMenu account={account} onAction={onAction} />}
      </Box>
    </Box>
  );
}

export function AccountsPanel({
  accounts,
  onAction,
}: {
  accounts: SavingAccount[];
  onAction: (a: AccountAction, acc: SavingAccount) => void;
}) {
  return (
    <Card data-testid="accounts">
      {accounts.map((a, i) => (
        <Box key={a.id}>
          {i > 0 && <Divider />}
          <AccountRow account={a} onAction={onAction} />
        </Box>
      ))}
    </Card>
  );
}
