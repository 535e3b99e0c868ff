import { accessMessages } from './access.ts';
import { authMessages } from './auth.ts';
import { billMessages } from './bills.ts';
import { businessUnitMessages } from './business-units.ts';
import { commonMessages } from './common.ts';
import { depositMessages } from './deposits.ts';
import { hardeningMessages } from './hardening.ts';
import { interestMessages } from './interest.ts';
import { consolidationMessages } from './interest-consolidation.ts';
import { ledgerMessages } from './ledger.ts';
import { loanMessages } from './loans.ts';
import { memberMessages } from './members.ts';
import { migrationMessages } from './migration.ts';
import { portfolioMessages } from './portfolio.ts';
import { savingMessages } from './savings.ts';
import { shuMessages } from './shu.ts';
import { tellerMessages } from './teller.ts';
import type { Catalog, Lang } from './types.ts';
import { webMessages } from './web.ts';

export type { Catalog, Lang } from './types.ts';

/**
 * The server's message catalogue (Indonesian and English). Each module adds a
 * file beside these and spreads it here. Keys are `<area>.<what>`.
 */
export const messages: Catalog = {
  ...commonMessages,
  ...authMessages,
  ...accessMessages,
  ...webMessages,
  ...memberMessages,
  ...migrationMessages,
  ...ledgerMessages,
  ...savingMessages,
  ...depositMessages,
  ...hardeningMessages,
  ...loanMessages,
  ...billMessages,
  ...shuMessages,
  ...consolidationMessages,
  ...tellerMessages,
  ...businessUnitMessages,
  ...interestMessages,
  ...portfolioMessages,
};

export function hasMessage(key: string): boolean {
  return Object.hasOwn(messages, key);
}

/** Translate a key with `{param}` placeholders; unknown keys come back unchanged. */
export function translate(key: string, lang: Lang = 'id', params?: Record<string, unknown>): string {
  const entry = messages[key];
  let text = entry ? (entry[lang] ?? entry.id) : key;
  if (params) {
    text = text.replace(/\{(\w+)\}/g, (m, name: string) => {
      const v = params[name];
      if (v === undefined || v === null) return m;
      if (typeof v === 'string' && hasMessage(v)) return translate(v, lang);
      return String(v);
    });
  }
  return text;
}
