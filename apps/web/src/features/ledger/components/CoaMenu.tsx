/** The menu of one account of the chart: add a sub-account, mutations, adjust the balance, edit, (de)activate, delete. */
import AddRounded from '@mui/icons-material/AddRounded';
import BalanceRounded from '@mui/icons-material/BalanceRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ToggleOffOutlined from '@mui/icons-material/ToggleOffOutlined';
import ToggleOnOutlined from '@mui/icons-material/ToggleOnOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import type { CoaAccount } from '../lib/types';

type OnAccount = (a: CoaAccount) => void;

export function CoaMenu(p: {
  menu: { anchor: HTMLElement; account: CoaAccount } | null;
  onClose: () => void;
  rights: { canAdd: boolean; canUpdate: boolean; canDelete: boolean; canAdjust: boolean; canMutation: boolean };
  onAddChild: OnAccount;
  onMutation: OnAccount;
  onAdjust: OnAccount;
  onEdit: OnAccount;
  onActivate: OnAccount;
  onDelete: OnAccount;
}) {
  const { t } = useTranslation(['ledger', 'common']);
  const { menu } = p;
  const { canAdd, canUpdate, canDelete, canAdjust, canMutation } = p.rights;
  const act = (fn: OnAccount) => () => {
    const a = menu?.account;
    p.onClose();
    if (a) fn(a);
  };

  return (
    <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={p.onClose} data-testid="coa-menu">
      {menu && !menu.account.isPostable && canAdd && (
        <MenuItem onClick={act(p.onAddChild)}>
          <ListItemIcon>
            <AddRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('coa.addChild')}</ListItemText>
        </MenuItem>
      )}
      {menu?.account.isPostable && canMutation && (
        <MenuItem onClick={act(p.onMutation)}>
          <ListItemIcon>
            <ReceiptLongOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('coa.mutation')}</ListItemText>
        </MenuItem>
      )}
      {menu?.account.isPostable && menu.account.isActive && canAdjust && (
        <MenuItem onClick={act(p.onAdjust)} data-testid="coa-adjust">
          <ListItemIcon>
            <BalanceRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('adjust.menu')}</ListItemText>
        </MenuItem>
      )}
      {canUpdate && (
        <MenuItem onClick={act(p.onEdit)} data-testid="coa-edit">
          <ListItemIcon>
            <EditOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('coa.edit')}</ListItemText>
        </MenuItem>
      )}
      {canUpdate && (
        <MenuItem onClick={act(p.onActivate)} data-testid="coa-toggle-active">
          <ListItemIcon>
            {menu?.account.isActive ? <ToggleOffOutlined fontSize="small" /> : <ToggleOnOutlined fontSize="small" />}
          </ListItemIcon>
          <ListItemText>{menu?.account.isActive ? t('coa.deactivate') : t('coa.activate')}</ListItemText>
        </MenuItem>
      )}
      {canDelete && (
        <MenuItem onClick={act(p.onDelete)} sx={{ color: 'error.main' }} data-testid="coa-delete">
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutlineRounded fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('coa.delete')}</ListItemText>
        </MenuItem>
      )}
      {menu && !canAdd && !canUpdate && !canDelete && !(menu.account.isPostable && (canMutation || canAdjust)) && (
        <MenuItem disabled>{t('coa.noActions')}</MenuItem>
      )}
    </Menu>
  );
}
