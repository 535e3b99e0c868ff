import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/form/FilterSelect';

/** The Status filter of the access lists (users, branches, areas, organization members): all, active or inactive. */
export function ActiveStatusFilter({ value, onChange, width = 130 }: { value: string; onChange: (v: string) => void; width?: number }) {
  const { t } = useTranslation('access');
  return (
    <FilterSelect
      label={t('users.columns.status')}
      value={value}
      onChange={onChange}
      allLabel={t('common.all')}
      width={width}
      options={[
        { value: 'true', label: t('common.active') },
        { value: 'false', label: t('common.inactive') },
      ]}
    />
  );
}
