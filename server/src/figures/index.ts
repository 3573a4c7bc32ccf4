/** The console's figures: the dashboard's read and the worker's daily rollup. */
export { FiguresModule } from './figures.module';
export { FiguresRollupTask } from './figures-rollup.task';
export { FiguresQueries } from './figures.queries';
export { addDays, dateOf, daysBetween, localDay } from './days';
