/** Pre-screening of new photos (issue 35, point 1): flags and orders, never decides. */
export { PhotoScreeningModule } from './photo-screening.module';
export { PhotoScreening, SCREEN_JOB, type ScreenJob } from './photo-screening.service';
export { PhotoScreeningProcessor } from './photo-screening.processor';
export { riskOf, scorePhoto, warmUp, SCREEN_MODEL, type ScreenScores } from './nsfw-model';
