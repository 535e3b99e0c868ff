/** Today in Jakarta (the cooperative's business date, the server's): the shared calendar of lib/dates. */
export { todayWib } from '../../../lib/dates';
