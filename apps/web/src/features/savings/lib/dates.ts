/** The cooperative's calendar (Asia/Jakarta, WIB): the server dates every movement by it. */
export { addMonths, monthStart, todayWib } from '../../../lib/dates';
