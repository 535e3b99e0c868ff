/**
 * Everything one can do to a user, as menu actions (list rows, agents, the
 * detail page), each shown only when the role allows it (useAuth().can) and
 * it makes sense for that user: edit, assign or take back the cash account
 * and the area, resend the invitation, activate or deactivate (confirmed),
 * delete (confirmed; only users who never signed in). The server's refusals
 * (last admin, own account, history) open a dialog.
 */
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocationOffOutlined from '@mui/icons-material/LocationOffOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import MoneyOffOutlined from '@mui/icons-material/MoneyOffOutlined';
import PersonOffOutlined from '@mui/icons-material/PersonOffOutlined';
import PersonOutlineOutlined from '@mui/icons-material/PersonOutlineOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useConfirm } from '../../../components/ConfirmDialog';
import { useAuth } from '../../../lib/auth/AuthProvider';
import { useActivateUser } from '../api/activateUser';
import { useDeactivateUser } from '../api/deactivateUser';
import { useDeleteUser } from '../api/deleteUser';
import { useResendInvitation } from '../api/resendInvitation';
import { useUnassignUserArea } from '../api/unassignUserArea';
import { useUnassignUserCoa } from '../api/unassignUserCoa';
import type { UserView } from '../types';
import { AssignAreaDialog } from './AssignAreaDialog';
import { AssignCoaDialog } from './AssignCoaDialog';
import { useRefusal } from './RefusalDialog';
import type { RowAction } from './RowActions';
import { UserFormDialog } from './UserFormDialog';

export type UserActionKey =
  | 'view'
  | 'edit'
  | 'assign-coa'
  | 'remove-coa'
  | 'assign-area'
  | 'remove-area'
  | 'resend'
  | 'activate'
  | 'deactivate'
  | 'delete';

type ConfirmOptions = { title: string; message: string; confirmLabel: string; destructive?: boolean };

interface ConfirmedContext {
  t: ReturnType<typeof useTranslation<'access'>>['t'];
  ask: (o: ConfirmOptions, fn: () => Promise<unknown>) => Promise<void>;
  mayUpdate: boolean;
  mayDelete: boolean;
  self: boolean;
  activate: (id: string) => Promise<unknown>;
  deactivate: (id: string) => Promise<unknown>;
  removeCoa: (id: string) => Promise<unknown>;
  removeArea: (id: string) => Promise<unknown>;
  remove: (id: string) => Promise<unknown>;
}

/** The actions that ask first: activate, take back the cash account or the area, deactivate, delete. */
function confirmedActions(u: UserView, c: ConfirmedContext): Array<RowAction & { key: UserActionKey }> {
  return [
    {
      key: 'activate',
      label: c.t('users.actions.activate'),
      icon: <PersonOutlineOutlined fontSize="small" />,
      hidden: !c.mayUpdate || u.isActive,
      onClick: () =>
        void c.ask(
          {
            title: c.t('users.confirm.activateTitle'),
            message: u.invitationPending
              ? c.t('users.confirm.activateInvite', { name: u.fullName })
              : c.t('users.confirm.activate', { name: u.fullName }),
            confirmLabel: c.t('users.actions.activate'),
          },
          () => c.activate(u.id),
        ),
    },
    {
      key: 'remove-coa',
      label: c.t('users.actions.removeCoa'),
      icon: <MoneyOffOutlined fontSize="small" />,
      hidden: !c.mayDelete || !u.coa,
      danger: true,
      onClick: () =>
        void c.ask(
          {
            title: c.t('users.confirm.removeCoaTitle'),
            message: c.t('users.confirm.removeCoa', { name: u.fullName, account: u.coa ? `${u.coa.code} ${u.coa.name}` : '' }),
            confirmLabel: c.t('users.actions.removeCoa'),
            destructive: true,
          },
          () => c.removeCoa(u.id),
        ),
    },
    {
      key: 'remove-area',
      label: c.t('users.actions.removeArea'),
      icon: <LocationOffOutlined fontSize="small" />,
      hidden: !c.mayDelete || !u.area,
      danger: true,
      onClick: () =>
        void c.ask(
          {
            title: c.t('users.confirm.removeAreaTitle'),
            message: c.t('users.confirm.removeArea', { name: u.fullName, area: u.area?.name ?? '' }),
            confirmLabel: c.t('users.actions.removeArea'),
            destructive: true,
          },
          () => c.removeArea(u.id),
        ),
    },
    {
      key: 'deactivate',
      label: c.t('users.actions.deactivate'),
      icon: <PersonOffOutlined fontSize="small" />,
      hidden: !c.mayUpdate || !u.isActive || c.self,
      danger: true,
      onClick: () =>
        void c.ask(
          {
            title: c.t('users.confirm.deactivateTitle'),
            message: c.t('users.confirm.deactivate', { name: u.fullName }),
            confirmLabel: c.t('users.actions.deactivate'),
            destructive: true,
          },
          () => c.deactivate(u.id),
        ),
    },
    {
      key: 'delete',
      label: c.t('users.actions.delete'),
      icon: <DeleteOutlineRounded fontSize="small" />,
      // Deleting is for mistakes: a user who ever signed in is deactivated instead (the server says so).
      hidden: !c.mayDelete || c.self || Boolean(u.lastLoginAt),
      danger: true,
      onClick: () =>
        void c.ask(
          {
            title: c.t('users.confirm.deleteTitle'),
            message: c.t('users.confirm.delete', { name: u.fullName }),
            confirmLabel: c.t('users.actions.delete'),
            destructive: true,
          },
          () => c.remove(u.id),
        ),
    },
  ];
}

export function useUserActions(opts: { onDeleted?: () => void } = {}) {
  const { t } = useTranslation('access');
  const { can, user: me } = useAuth();
  const navigate = useNavigate();
  const { confirm, dialog: confirmDialog } = useConfirm();
  const refusal = useRefusal();
  const [editing, setEditing] = useState<UserView | null>(null);
  const [adding, setAdding] = useState(false);
  const [coaFor, setCoaFor] = useState<UserView | null>(null);
  const [areaFor, setAreaFor] = useState<UserView | null>(null);
  const activate = useActivateUser();
  const deactivate = useDeactivateUser();
  const del = useDeleteUser();
  const resend = useResendInvitation();
  const removeCoa = useUnassignUserCoa();
  const removeArea = useUnassignUserArea();

  const mayUpdate = can('user_access', 'update');
  const mayDelete = can('user_access', 'delete');

  const run = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
    } catch (e) {
      refusal.report(e);
    }
  };

  const ask = async (o: ConfirmOptions, fn: () => Promise<unknown>) => {
    if (await confirm(o)) await run(fn);
  };

  function actionsFor(u: UserView, only?: UserActionKey[]): RowAction[] {
    const self = u.id === me?.id;
    const all: Array<RowAction & { key: UserActionKey }> = [
      {
        key: 'view',
        label: t('users.actions.view'),
        icon: <VisibilityOutlined fontSize="small" />,
        onClick: () => navigate(`/users/${u.id}`),
      },
      {
        key: 'edit',
        label: t('users.actions.edit'),
        icon: <EditOutlined fontSize="small" />,
        hidden: !mayUpdate,
        onClick: () => setEditing(u),
      },
      {
        key: 'assign-coa',
        label: u.coa ? t('users.actions.changeCoa') : t('users.actions.assignCoa'),
        icon: <AccountBalanceWalletOutlined fontSize="small" />,
        hidden: !mayUpdate,
        onClick: () => setCoaFor(u),
      },
      {
        key: 'assign-area',
        label: u.area ? t('users.actions.changeArea') : t('users.actions.assignArea'),
        icon: <MapOutlined fontSize="small" />,
        hidden: !mayUpdate,
        onClick: () => setAreaFor(u),
      },
      {
        key: 'resend',
        label: t('users.actions.resend'),
        icon: <SendOutlined fontSize="small" />,
        hidden: !mayUpdate || !u.invitationPending || !u.isActive,
        onClick: () => void run(() => resend.mutateAsync(u.id)),
      },
      ...confirmedActions(u, {
        t,
        ask,
        mayUpdate,
        mayDelete,
        self,
        activate: activate.mutateAsync,
        deactivate: deactivate.mutateAsync,
        removeCoa: removeCoa.mutateAsync,
        removeArea: removeArea.mutateAsync,
        remove: async (id) => {
          await del.mutateAsync(id);
          opts.onDeleted?.();
        },
      }),
    ];
    return only ? all.filter((a) => only.includes(a.key)) : all;
  }

  const dialogs = (
    <>
      <UserFormDialog
        open={adding || Boolean(editing)}
        user={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
      />
      <AssignCoaDialog user={coaFor} onClose={() => setCoaFor(null)} />
      <AssignAreaDialog user={areaFor} onClose={() => setAreaFor(null)} />
      {confirmDialog}
      {refusal.dialog}
    </>
  );

  return { actionsFor, dialogs, openAdd: () => setAdding(true), mayAdd: can('user_access', 'add') };
}
