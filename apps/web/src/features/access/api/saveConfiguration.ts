/** POST /api/configuration {<key>: {<field>: value}}: merged over the stored values, validated whole, all or nothing. */
import type { ConfigValues } from '@koperasi/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiEnvelope } from '../../../lib/api/client';
import { accessKeys } from './keys';

export type ConfigurationBody = { [K in keyof ConfigValues]?: Partial<ConfigValues[K]> };

export const saveConfiguration = (body: ConfigurationBody) => apiEnvelope<ConfigValues>('/api/configuration', { method: 'POST', body });

export function useSaveConfiguration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveConfiguration,
    onSuccess: () => qc.invalidateQueries({ queryKey: accessKeys.configuration }),
  });
}
