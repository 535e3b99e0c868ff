/** Chips of a product's kind (with its saving type) and of its active flag. */
import type { ProductKind } from '@koperasi/contracts/enums';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const KIND_COLOR: Record<ProductKind, ChipProps['color']> = {
  SAVING: 'primary',
  SAVING_EQUITY: 'secondary',
  SAVING_DEPOSIT: 'info',
  LOAN: 'warning',
  BILL: 'default',
};
const chipSx = { fontWeight: 600, fontSize: '0.75rem' } as const;

export function ProductKindChip({ kind, savingType }: { kind: ProductKind; savingType?: string | null }) {
  const { t } = useTranslation('products');
  return (
    <Chip
      size="small"
      color={KIND_COLOR[kind]}
      label={savingType ? t(`savingType.${savingType}`, { defaultValue: savingType }) : t(`kind.${kind}`)}
      sx={chipSx}
      data-testid="product-kind"
    />
  );
}

export function ProductStatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation('products');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? t('status.active') : t('status.inactive')}
      sx={chipSx}
      data-testid="product-status"
    />
  );
}
