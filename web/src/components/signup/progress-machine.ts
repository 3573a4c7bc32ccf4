import { useEffect, useEffectEvent, useReducer } from 'react';
import type { UserResponse } from '@app/contract';
import { PROGRESS_STEPS } from './SignupProgress';

/** Time each progress step stays active before it ticks off (the last waits for the server). */
export const PROGRESS_STEP_MS = 700;
/** Pause on the fully ticked list before moving on to /complete-signup. */
export const PROGRESS_DONE_MS = 400;

const LAST = PROGRESS_STEPS.length - 1;

/**
 * The progress list shown while the account is created:
 * idle -start-> running (steps tick off one by one; the last waits for the server's answer)
 * -tick-> finished (all ticked, a short pause) -tick-> done (leave for /complete-signup).
 * A failed request goes back to idle from anywhere.
 */
export type ProgressState =
  | { phase: 'idle' }
  | { phase: 'running'; ticked: number; answer: UserResponse | null }
  | { phase: 'finished'; answer: UserResponse }
  | { phase: 'done'; answer: UserResponse };

export type ProgressEvent =
  | { type: 'start' }
  | { type: 'tick' }
  | { type: 'answered'; answer: UserResponse }
  | { type: 'failed' };

export const IDLE: ProgressState = { phase: 'idle' };

export function progressReducer(state: ProgressState, event: ProgressEvent): ProgressState {
  switch (event.type) {
    case 'start':
      return { phase: 'running', ticked: 0, answer: null };
    case 'failed':
      return IDLE;
    case 'answered':
      return state.phase === 'running' ? { ...state, answer: event.answer } : state;
    case 'tick':
      if (state.phase === 'finished') return { phase: 'done', answer: state.answer };
      if (state.phase !== 'running') return state;
      if (state.ticked < LAST) return { ...state, ticked: state.ticked + 1 };
      return state.answer ? { phase: 'finished', answer: state.answer } : state;
  }
}

/** How long the state waits before its next tick; null when no tick is due (idle, done, or waiting for the server). */
export function tickDelay(state: ProgressState): number | null {
  switch (state.phase) {
    case 'running':
      if (state.ticked < LAST) return PROGRESS_STEP_MS;
      return state.answer ? 0 : null;
    case 'finished':
      return PROGRESS_DONE_MS;
    case 'idle':
    case 'done':
      return null;
  }
}

/** How many of the progress steps show as ticked off. */
export function tickedSteps(state: ProgressState): number {
  switch (state.phase) {
    case 'running':
      return state.ticked;
    case 'finished':
    case 'done':
      return PROGRESS_STEPS.length;
    case 'idle':
      return 0;
  }
}

/** Runs the machine on timers; `onDone` gets the server's answer once the list is ticked off. */
export function useSignupProgress(onDone: (answer: UserResponse) => void) {
  const [state, dispatch] = useReducer(progressReducer, IDLE);
  const done = useEffectEvent(onDone);
  const delay = tickDelay(state);

  useEffect(() => {
    if (delay === null) return;
    const timer = setTimeout(() => dispatch({ type: 'tick' }), delay);
    return () => clearTimeout(timer);
  }, [state, delay]);

  useEffect(() => {
    if (state.phase === 'done') done(state.answer);
  }, [state]);

  return {
    running: state.phase !== 'idle',
    ticked: tickedSteps(state),
    start: () => dispatch({ type: 'start' }),
    answered: (answer: UserResponse) => dispatch({ type: 'answered', answer }),
    failed: () => dispatch({ type: 'failed' }),
  };
}
