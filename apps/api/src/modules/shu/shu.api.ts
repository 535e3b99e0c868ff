/** The SHU rules as the routes call them: settings and calculation, distribution and cancellation, lists and reports. */
export * from './shu.distribution.ts';
export * from './shu.service.ts';
export * from './shu.views.ts';
