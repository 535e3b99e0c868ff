/** Product name shown in the logo, titles and footer (the cooperative's own name appears beside it). */
export const APP_NAME = 'Koperasi';
export const APP_TAGLINE = 'Back Office';
export const APP_VERSION = '0.1.0';
