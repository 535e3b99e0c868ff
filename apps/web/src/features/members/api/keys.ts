/** Query keys of the members area; invalidating `membersKey` refreshes every member list and detail. */
export const membersKey = ['members'] as const;
export const memberKey = (id: string) => [...membersKey, 'detail', id] as const;
export const uploadsKey = ['members', 'uploads'] as const;
