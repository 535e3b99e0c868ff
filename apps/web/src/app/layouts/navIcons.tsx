/** Icons of the menu entries (navigation.ts names them; only the shell loads them). */

import type { SvgIconComponent } from '@mui/icons-material';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import AssessmentOutlined from '@mui/icons-material/AssessmentOutlined';
import CalculateOutlined from '@mui/icons-material/CalculateOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import DonutSmallOutlined from '@mui/icons-material/DonutSmallOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import MapOutlined from '@mui/icons-material/MapOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PaidOutlined from '@mui/icons-material/PaidOutlined';
import PointOfSaleOutlined from '@mui/icons-material/PointOfSaleOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import StorageOutlined from '@mui/icons-material/StorageOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';

export const NAV_ICONS = {
  AccountBalanceWalletOutlined,
  AdminPanelSettingsOutlined,
  ApartmentOutlined,
  AssessmentOutlined,
  CalculateOutlined,
  DashboardOutlined,
  DonutSmallOutlined,
  GroupsOutlined,
  Inventory2Outlined,
  ManageAccountsOutlined,
  MapOutlined,
  MenuBookOutlined,
  PaidOutlined,
  PointOfSaleOutlined,
  SettingsOutlined,
  StorageOutlined,
  StorefrontOutlined,
  SwapHorizOutlined,
  TuneOutlined,
} satisfies Record<string, SvgIconComponent>;

export type NavIconName = keyof typeof NAV_ICONS;
