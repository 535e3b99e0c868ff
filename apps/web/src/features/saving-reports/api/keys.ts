/** Query keys of the saving reports (read-only screens: nothing here invalidates them but time). */
export const reportsKey = ['saving-reports'] as const;
