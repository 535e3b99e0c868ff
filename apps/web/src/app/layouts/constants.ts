export const NAV_WIDTH = 264;
export const NAV_COLLAPSED_WIDTH = 76;
export const HEADER_HEIGHT = 64;
export const HORIZONTAL_NAV_HEIGHT = 52;
