import type { UserResponse } from '@app/contract';
import {
  IDLE,
  PROGRESS_DONE_MS,
  PROGRESS_STEP_MS,
  progressReducer,
  tickDelay,
  tickedSteps,
  type ProgressEvent,
  type ProgressState,
} from './progress-machine';

const answer: UserResponse = { user: null };
const run = (state: ProgressState, ...events: ProgressEvent[]) =>
  events.reduce(progressReducer, state);
const tick: ProgressEvent = { type: 'tick' };

describe('signup progress machine', () => {
  it('ticks the first three steps off one every 700 ms after the start', () => {
    const started = run(IDLE, { type: 'start' });
    expect(tickedSteps(started)).toBe(0);
    expect(tickDelay(started)).toBe(PROGRESS_STEP_MS);
    expect(tickedSteps(run(started, tick, tick, tick))).toBe(3);
  });

  it('keeps the last step active until the server has answered', () => {
    const waiting = run(IDLE, { type: 'start' }, tick, tick, tick);
    expect(tickDelay(waiting)).toBeNull();
    expect(run(waiting, tick)).toBe(waiting);

    const answered = run(waiting, { type: 'answered', answer });
    expect(tickDelay(answered)).toBe(0);
    expect(run(answered, tick)).toEqual({ phase: 'finished', answer });
  });

  it('remembers an early answer and still ticks every step off before finishing', () => {
    const early = run(IDLE, { type: 'start' }, { type: 'answered', answer }, tick);
    expect(tickedSteps(early)).toBe(1);
    expect(tickDelay(early)).toBe(PROGRESS_STEP_MS);
    expect(run(early, tick, tick, tick).phase).toBe('finished');
  });

  it('pauses 400 ms on the ticked-off list, then is done with the answer', () => {
    const finished: ProgressState = { phase: 'finished', answer };
    expect(tickedSteps(finished)).toBe(4);
    expect(tickDelay(finished)).toBe(PROGRESS_DONE_MS);
    const done = run(finished, tick);
    expect(done).toEqual({ phase: 'done', answer });
    expect(tickDelay(done)).toBeNull();
  });

  it('goes back to the form when the request fails, and ignores ticks and answers there', () => {
    const failed = run(IDLE, { type: 'start' }, tick, { type: 'failed' });
    expect(failed).toBe(IDLE);
    expect(run(failed, tick, { type: 'answered', answer })).toBe(IDLE);
    expect(tickDelay(IDLE)).toBeNull();
  });
});
