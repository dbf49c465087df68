// Calendar arithmetic (UTC): whole calendar months with the day clamped to the month's end.
export { addMonths } from './calendar';
