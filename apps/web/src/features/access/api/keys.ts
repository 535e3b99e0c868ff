/** Query keys of this area; a change invalidates the lists it affects. */
export const accessKeys = {
  all: ['access'] as const,
  users: ['access', 'users'] as const,
  roles: ['access', 'roles'] as const,
  branches: ['access', 'branches'] as const,
  areas: ['access', 'areas'] as const,
  cashAccounts: ['access', 'cash-accounts'] as const,
  tenant: ['access', 'tenant'] as const,
  logo: ['access', 'tenant', 'logo'] as const,
  collectability: ['access', 'collectability'] as const,
  configuration: ['access', 'configuration'] as const,
  adArt: ['access', 'ad-art'] as const,
};
