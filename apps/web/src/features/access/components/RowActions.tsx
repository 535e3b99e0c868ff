/**
 * The actions of a list row behind a "more" button (a menu), so a row stays
 * one line. Hidden actions are left out; without any action the button is
 * not shown. Each item has the test id `action-<key>`.
 */
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { Fragment, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface RowAction {
  key: string;
  label: string;
  icon?: ReactNode;
  onClick: () => void;
  hidden?: boolean;
  /** Red, and separated from the others (delete, deactivate). */
  danger?: boolean;
}

export function visibleActions(actions: RowAction[]): RowAction[] {
  return actions.filter((a) => !a.hidden);
}

export function RowActions({ actions, label }: { actions: RowAction[]; label?: string }) {
  const { t } = useTranslation('access');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = visibleActions(actions);
  if (shown.length === 0) return null;
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        size="small"
        aria-label={label ?? t('common.actions')}
        aria-haspopup="menu"
        data-testid="row-actions"
        onClick={(e) => {
          e.stopPropagation();
          setAnchor(e.currentTarget);
        }}
      >
        <MoreVertRounded fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        onClick={(e) => e.stopPropagation()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220 } } }}
      >
        {shown.map((a, i) => (
          <Fragment key={a.key}>
            {a.danger && i > 0 && !shown[i - 1]!.danger && <Divider />}
            <MenuItem
              data-testid={`action-${a.key}`}
              onClick={() => {
                close();
                a.onClick();
              }}
              sx={{ color: a.danger ? 'error.main' : undefined, fontSize: '0.875rem' }}
            >
              {a.icon && <ListItemIcon sx={{ color: 'inherit' }}>{a.icon}</ListItemIcon>}
              <ListItemText slotProps={{ primary: { sx: { fontSize: 'inherit' } } }}>{a.label}</ListItemText>
            </MenuItem>
          </Fragment>
        ))}
      </Menu>
    </>
  );
}
