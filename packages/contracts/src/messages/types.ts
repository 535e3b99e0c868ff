export type Lang = 'id' | 'en';
/** A message in both server languages; `{name}` placeholders are filled from params. */
export type Catalog = Record<string, { id: string; en: string }>;
